/** System fonts that follow the site's chosen font when it is not installed (no web fonts are bundled yet). */
export const FONT_FALLBACK_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** The store's default look: dark, blue and green (the settings screen's first preset), Inter. */
export const darkTokens = {
  color: {
    primary: '#0ea5e9',
    primaryContrast: '#04121f',
    /** The primary colour as text (links, prices) on the page's surfaces: `themeVars` lightens a darker choice. */
    primaryText: '#0ea5e9',
    secondary: '#22c55e',
    secondaryContrast: '#04121f',
    /** The secondary colour as text, as `primaryText`. */
    secondaryText: '#22c55e',
    background: '#0b1020',
    surface: '#121a2e',
    surfaceRaised: '#1a2440',
    text: '#e6eaf2',
    textMuted: '#9aa4b8',
    border: '#26314d',
    success: '#22c55e',
    warning: '#eab308',
    danger: '#ef4444',
    info: '#38bdf8',
    focus: '#7dd3fc',
  },
  font: {
    body: `Inter, ${FONT_FALLBACK_STACK}`,
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    display: 'clamp(2rem, 1.4rem + 3vw, 3.25rem)',
  },
  radius: {
    sm: '6px',
    md: '10px',
    lg: '16px',
    full: '999px',
  },
  space: {
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
  },
  shadow: {
    md: '0 8px 24px rgb(0 0 0 / 0.35)',
  },
  layout: {
    contentWidth: '1200px',
    headerHeight: '64px',
  },
};

/** Media queries, mobile first: the layouts start at 360 px wide and widen at these points. */
export const media = {
  sm: 'screen and (min-width: 480px)',
  md: 'screen and (min-width: 768px)',
  lg: 'screen and (min-width: 1024px)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;
