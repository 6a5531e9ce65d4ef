import { startShellApp } from '@store/shell';
import { createAppRouter } from './router.tsx';
import { shell } from './shell.ts';

startShellApp({ createRouter: createAppRouter, shell });
