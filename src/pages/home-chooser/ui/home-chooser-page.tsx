import { Link } from '@tanstack/react-router';
import { SearchPlaceBox } from '@/features/search-place';
import { useTranslation } from '@/shared/i18n';
import { HOME_CHOICES } from '../config/home-choices';
import { rememberHomeType } from '../model/remember-home-type';
import styles from './home-chooser-page.module.css';
import { PageMeta } from '@/shared/ui/page-meta';

export function HomeChooserPage() {
  const { t } = useTranslation('home-chooser');

  return (
    <div className={styles.page}>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <div className={styles.inner}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.intro}>{t('intro')}</p>
        </header>
        {/* Someone who knows where they want to live searches straight away: for sale, as a buyer would. */}
        <SearchPlaceBox className={styles.search} sellType={1} />
        <nav aria-label={t('choicesLabel')}>
          <ul className={styles.choices}>
            {HOME_CHOICES.map((choice) => (
              <li key={choice.id}>
                <Link
                  to={choice.path}
                  className={styles.choice}
                  onClick={() => rememberHomeType(choice.type)}
                  data-testid={`home-choice-${choice.id}`}
                >
                  <h2 className={styles.choiceHeading}>{t(`options.${choice.id}.heading`)}</h2>
                  <p className={styles.choiceText}>{t(`options.${choice.id}.text`)}</p>
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
