import { useEffect, useState, useSyncExternalStore } from 'react';
import { Toaster } from 'react-hot-toast';
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

function ToastArea() {
  return <Toaster position="top-right" toastOptions={toastOptions} />;
}

/** The toast area of every page of both apps: top right; success 2 s, error and ordinary 4 s, loading until dismissed. */
export function AppToaster() {
  const top = useSyncExternalStore(subscribe, topLayer, noLayer);
  return top === null ? <ToastArea /> : null;
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
