import { Container } from '@store/ui';
import * as styles from './admin-layout.css.ts';

export function AdminFooter({ siteName, year = new Date().getFullYear() }: { siteName: string; year?: number }) {
  return (
    <footer className={styles.footer}>
      <Container>
        <p>
          © {year} {siteName} · Admin panel
        </p>
      </Container>
    </footer>
  );
}
