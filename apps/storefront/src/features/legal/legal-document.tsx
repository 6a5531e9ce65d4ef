import { usePageTitle } from '@store/shell';
import { Container } from '@store/ui';
import type { ReactNode } from 'react';
import { LEGAL_FACTS } from './legal-facts.ts';
import * as styles from './legal-document.css.ts';

export interface LegalSection {
  /** The anchor of the section, e.g. `refunds` (`/terms-of-service#refunds`). */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** A static legal page: title, date of the last update, contents, and numbered sections. */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  usePageTitle(title);

  return (
    <Container className={styles.page}>
      <article className={styles.layout} aria-labelledby="legal-title">
        <div className={styles.header}>
          <p className={styles.eyebrow}>Legal</p>
          <h1 id="legal-title" className={styles.title}>
            {title}
          </h1>
          <p className={styles.updated}>
            Last updated: <time dateTime={LEGAL_FACTS.lastUpdatedIso}>{LEGAL_FACTS.lastUpdated}</time>
          </p>
          <div className={styles.intro}>{intro}</div>
        </div>
        <nav className={styles.toc} aria-labelledby="legal-contents">
          <p id="legal-contents" className={styles.tocTitle}>
            Contents
          </p>
          <ol className={styles.tocList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className={styles.tocLink}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className={styles.body}>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className={styles.section} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
                {index + 1}. {section.title}
              </h2>
              {section.content}
            </section>
          ))}
        </div>
      </article>
    </Container>
  );
}

/** The company's postal address as a block, for the "who we are" and contact sections. */
export function CompanyAddress({ lines }: { lines: readonly string[] }) {
  return (
    <address className={styles.address}>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}
