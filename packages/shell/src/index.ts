// The binding: what each app passes to the shell once (`src/shell.ts` in each app).
export { ShellProvider, useShell, type ShellBinding, type ShellRouterContext } from './binding.tsx';

// Bootstrap and router.
export { ShellApp, createShellApp, startShellApp, type ShellAppOptions, type ShellAppInstance } from './app/shell-app.tsx';
export { createShellRouter, type ShellRouterOptions, type AppRouterDefinition } from './app/create-router.ts';

// Site information, the root frame, titles and the whole-page screens.
export { siteInfoQueryOptions, loadSiteInfo } from './site/queries.ts';
export { useSiteInfo } from './site/use-site-info.ts';
export { usePageTitle, useSiteTitle } from './site/use-page-title.ts';
export { ShellRoot } from './site/shell-root.tsx';
export { NotFound } from './site/not-found.tsx';
export { RouteError } from './site/route-error.tsx';

// API client, session and 401 handling.
export { createAppApi, createAppSession, sendToLoginOnUnauthorized } from './session/app-session.ts';
export {
  onUnauthorized,
  handleUnauthorized,
  markLoginPageShown,
  holdLoginRedirectWhileLoggingOut,
  type UnauthorizedHandlers,
} from './session/unauthorized.ts';
export {
  safeRedirect,
  validateLoginSearch,
  afterLoginPath,
  signedInDestination,
  type LoginSearch,
  type LoginRules,
} from './session/redirect.ts';

// Login.
export { LoginScreen, type LoginScreenProps } from './auth/login-screen.tsx';
export { LoginForm, type LoginFormProps } from './auth/login-form.tsx';
export { AuthCard, authFormClassName, authLinkClassName, authActionsClassName, type AuthCardProps } from './auth/auth-card.tsx';
export { authFailureMessage, loginFailureMessage, type AuthFailureMessages } from './auth/login-failure.ts';

// Search boxes.
export { useDebouncedSearch, SEARCH_DEBOUNCE_MS } from './search/use-debounced-search.ts';
