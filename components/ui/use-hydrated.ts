import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False in the server's HTML and until React has taken over the page, then true. */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
