import { useEffect, useState, useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';
import { vars } from '../theme/theme.css.ts';
import { toastOptions } from '../theme/toast.ts';

/*
 * A modal <dialog> (showModal) sits in the browser's top layer, above any z-index, and makes the rest of
 * the page inert: a toast drawn in the page would be covered by it and hidden from screen readers. So while
 * a modal is open the toasts are drawn inside the topmost one, and the page's toast area steps aside.
 * react-hot-toast keeps the toasts in one store, so moving the area loses none of them.
 */
const layers: object[] = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const topLayer = (): object | null => layers.at(-1) ?? null;
const noLayer = (): null => null;

function changeLayers(change: () => void): void {
  change();
  for (const listener of listeners) listener();
}

/*
 * On a page the toasts start below the sticky header: at its top right they covered the account block and
 * Logout just after signing in (docs/decisions/051-admin-layout.md). 16 px is react-hot-toast's own inset.
 */
const BELOW_HEADER = { top: `calc(${vars.layout.headerHeight} + 16px)` };

function ToastArea({ belowHeader = false }: { belowHeader?: boolean }) {
  return <Toaster position="top-right" toastOptions={toastOptions} containerStyle={belowHeader ? BELOW_HEADER : undefined} />;
}

/**
 * The toast area of every page of both apps: top right under the header; success 2 s, error and ordinary 4 s,
 * loading until dismissed.
 */
export function AppToaster() {
  const top = useSyncExternalStore(subscribe, topLayer, noLayer);
  return top === null ? <ToastArea belowHeader /> : null;
}

/**
 * The toast area inside an open modal dialog (rendered by `Modal`): it shows the toasts while its dialog
 * is the topmost open one, so a toast raised from a form in a modal is drawn above the form.
 */
export function DialogToaster() {
  const [layer] = useState(() => ({}));
  const top = useSyncExternalStore(subscribe, topLayer, noLayer);
  useEffect(() => {
    changeLayers(() => layers.push(layer));
    return () => changeLayers(() => layers.splice(layers.indexOf(layer), 1));
  }, [layer]);
  return top === layer ? <ToastArea /> : null;
}
