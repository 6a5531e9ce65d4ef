import { startShellApp } from '@store/shell';
import { createAppRouter } from './router.tsx';
import { shell } from './shell.ts';

// The shop at the site's root: the shell builds the query cache, the router, the 401 handling and the page.
startShellApp({ createRouter: createAppRouter, shell });
