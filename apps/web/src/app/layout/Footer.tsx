import { Container } from '@mantine/core';
import { Link } from 'react-router';
import classes from './Layout.module.css';

/** The version label, set at build time from package.json (vite.config.ts). */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION || '1.0.0';

const FOOTER_LINKS = [
  { to: '/politica-uso-documento', label: 'Política de Uso' },
  { to: '/abrirchamado', label: 'Abrir Chamado' },
  { to: '/RhHomeRequest', label: 'Recursos Humanos' },
  { to: '/privacy-policy', label: 'Política de Privacidade' },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer} data-testid="app-footer">
      <Container size="lg" className={classes.footerInner}>
        <nav aria-label="Links do rodapé" className={classes.footerLinks}>
          {FOOTER_LINKS.map((l) => (
            <Link key={l.to} to={l.to} className={classes.footerLink}>
              {l.label}
            </Link>
          ))}
        </nav>
        <div className={classes.footerMeta}>
          <span>© {year} Rota Sul Logística</span>
          <span data-testid="app-version">Intranet v{APP_VERSION}</span>
        </div>
      </Container>
    </footer>
  );
}
