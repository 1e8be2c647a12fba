import { useTranslation } from '@/shared/i18n';
import type { Agency } from '../api/agency-queries';
import styles from './agency-card.module.css';
import { HrefLink } from '@/shared/ui/href-link';

export interface AgencyCardProps {
  agency: Agency;
  headingLevel?: 'h2' | 'h3';
}

export function AgencyCard({ agency, headingLevel: Heading = 'h2' }: AgencyCardProps) {
  const { t } = useTranslation('agencies');
  // The agency's name leads to its own page, which shows its listings and its phone on request
  // (counted): the list carries no phone and no e-mail.
  const pageHref = `/agenzie/${agency.Slug}`;

  return (
    <article className={styles.card}>
      <div className={styles.top}>
        {agency.LogoUrl ? (
          <img
            className={styles.logo}
            src={agency.LogoUrl}
            alt={t('card.logoAlt', { name: agency.Name })}
            width={72}
            height={72}
            loading="lazy"
          />
        ) : (
          <span className={styles.monogram} aria-hidden="true">
            {agency.Name.charAt(0)}
          </span>
        )}
        <div>
          <Heading className={styles.name}>
            <HrefLink href={pageHref} className={styles.nameLink}>
              {agency.Name}
            </HrefLink>
          </Heading>
          <p className={styles.city}>
            {agency.ProvinceCode ? `${agency.CityName} (${agency.ProvinceCode})` : agency.CityName}
          </p>
          {agency.Partner ? <span className={styles.badge}>{t('card.partner')}</span> : null}
        </div>
      </div>
      {agency.Description ? <p className={styles.description}>{agency.Description}</p> : null}
      <dl className={styles.details}>
        {agency.Address ? (
          <div className={styles.row}>
            <dt>{t('card.address')}</dt>
            <dd>{agency.Address}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}
