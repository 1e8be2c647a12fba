import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { HOME_CHOICES } from '../config/home-choices';
import { rememberHomeType } from '../model/remember-home-type';
import styles from './home-chooser-page.module.css';

export function HomeChooserPage() {
  const { t } = useTranslation('home-chooser');

  return (
    <div className={styles.page}>
      <title>{t('meta.title')}</title>
      <div className={styles.inner}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.intro}>{t('intro')}</p>
        </header>
        <nav aria-label={t('choicesLabel')}>
          <ul className={styles.choices}>
            {HOME_CHOICES.map((choice) => (
              <li key={choice.key}>
                <Link
                  to={choice.to}
                  className={styles.choice}
                  onClick={() => rememberHomeType(choice.homeType)}
                  data-testid={`home-choice-${choice.key}`}
                >
                  <h2 className={styles.choiceHeading}>{t(`options.${choice.key}.heading`)}</h2>
                  <p className={styles.choiceText}>{t(`options.${choice.key}.text`)}</p>
                  <span className={styles.arrow} aria-hidden="true">
                    →
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.note}>{t('note')}</p>
      </div>
    </div>
  );
}
