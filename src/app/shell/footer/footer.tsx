import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '@/shared/api';
import { useTranslation } from '@/shared/i18n';
import { HOME_MODES, HOME_TYPE, type HomeType } from '@/shared/lib/home-type';
import { Button } from '@/shared/ui/button';
import { FOOTER_MENUS } from '../../config/menus';
import type { FooterSeoMode } from '../../config/route-static-data';
import { modalStore } from '@/shared/lib/modal-store';
import { MenuEntry } from '../menu-entry';
import { footerDocumentsQueryOptions } from './footer-documents';
import { DeferredFooterSeoLinks, preloadFooterSeoLinks } from './deferred-footer-seo-links';
import styles from './footer.module.css';

export interface FooterProps {
  homeType: HomeType;
  seo?: FooterSeoMode;
}

export function Footer({ homeType, seo = 'default' }: FooterProps) {
  const { t } = useTranslation('common');
  const config = useQuery(configQueryOptions());
  const documents = useQuery(footerDocumentsQueryOptions()).data ?? [];
  const columns = FOOTER_MENUS[homeType];
  // Another page opened them or closed them before the reader came near: they are drawn afresh, so
  // their code is needed now.
  const firstSeo = useRef(seo);
  useEffect(() => {
    if (seo !== firstSeo.current) preloadFooterSeoLinks();
  }, [seo]);

  return (
    <footer className={styles.footer} data-testid="site-footer" data-home-type={homeType}>
      {seo === 'hidden' ? null : <DeferredFooterSeoLinks expanded={seo === 'expanded'} />}
      <div className={styles.inner}>
        <div className={styles.columns}>
          {columns.map((column) => (
            <nav
              key={column.id}
              aria-labelledby={`footer-${column.id}`}
              className={styles.column}
              data-footer-column={column.id}
            >
              <h2 id={`footer-${column.id}`} className={styles.columnTitle}>
                {t(column.title)}
              </h2>
              <ul className={styles.list}>
                {column.items.map((item) => (
                  <li key={item.id}>
                    <MenuEntry item={item} className={styles.link} />
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          {homeType !== HOME_TYPE.UNDEFINED ? (
            // The chooser promises the choice can be changed here: the other modes, and the chooser itself.
            <nav aria-labelledby="footer-modes" className={styles.column} data-testid="footer-modes">
              <h2 id="footer-modes" className={styles.columnTitle}>
                {t('footer.columns.modes')}
              </h2>
              <ul className={styles.list}>
                {HOME_MODES.filter((mode) => mode.type !== homeType).map((mode) => (
                  <li key={mode.type}>
                    <Link to={mode.path} className={styles.link} data-mode={mode.id}>
                      {t(`menu.${mode.id}`)}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to="/" className={styles.link}>
                    {t('footer.allModes')}
                  </Link>
                </li>
              </ul>
            </nav>
          ) : null}
          <section aria-labelledby="footer-documents" className={styles.column}>
            <h2 id="footer-documents" className={styles.columnTitle}>
              {t('footer.documents.title')}
            </h2>
            <ul className={styles.list} data-testid="footer-documents">
              {documents.map((document) => (
                <li key={document.Id}>
                  <a href={document.Url} className={styles.link} type={document.ContentType}>
                    {t('footer.documents.download', { title: document.Title })}
                  </a>
                </li>
              ))}
            </ul>
            <div className={styles.careers}>
              <Button
                variant="secondary"
                size="small"
                onClick={() => modalStore.open({ kind: 'careers' })}
                data-testid="careers-button"
              >
                {t('footer.careersButton')}
              </Button>
            </div>
          </section>
        </div>
        <div className={styles.bottom}>
          <p className={styles.company}>{t('footer.company')}</p>
          {config.data ? (
            <p className={styles.company}>
              {t('footer.contactLine', { phone: config.data.ContactPhone, email: config.data.ContactEmail })}
            </p>
          ) : null}
          <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </div>
    </footer>
  );
}
