import { UNSAFE_RemixContext as RemixContext } from "@remix-run/react";
import { createContext, useContext, type ReactElement, type ReactNode } from "react";
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
} from "react-router-dom";

/**
 * The server's store of rendered fragments (entry.server.tsx): the HTML of `render()` for a data
 * object, a fragment's name and a URL, rendered on the first call and kept while that object lives.
 */
export type FragmentStore = (data: object, name: string, url: string, render: () => ReactElement) => string;

const FragmentStoreContext = createContext<FragmentStore | null>(null);
export const FragmentStoreProvider = FragmentStoreContext.Provider;

type Props = {
  /** Names the fragment among the others of its page. */
  name: string;
  /**
   * Everything the fragment shows besides the URL. An object that is replaced, never changed, when
   * what it holds changes, such as the catalogue's answers (app/models/platform/catalogue-cache.server.ts),
   * which are new objects after every change that touched what they show.
   */
  data: object;
  className?: string;
  children: ReactNode;
};

/**
 * Markup rendered once on the server per `data` object and URL and then reused, so a signed-in page
 * renders only its own parts afresh. Whoever may be handed the `data` object may see the markup:
 * for a catalogue answer (the same for everyone) nothing about the visitor may go inside (their
 * name, cart, review, a form's answer); an object kept for one user alone (keptWhileEqual, keyed
 * by the user) may hold theirs. The browser renders and hydrates the children as usual, inside the
 * same `<div>`.
 */
export function CachedFragment({ name, data, className, children }: Props) {
  const store = useContext(FragmentStoreContext);
  // What the children's links and hooks read, for rendering them on their own.
  const remix = useContext(RemixContext);
  const dataRouter = useContext(DataRouterContext);
  const dataRouterState = useContext(DataRouterStateContext);
  const navigation = useContext(NavigationContext);
  const location = useContext(LocationContext);
  const route = useContext(RouteContext);
  if (!store) return <div className={className}>{children}</div>;
  const { pathname, search } = location.location;
  const html = store(data, name, `${pathname}${search}`, () => (
    <RemixContext.Provider value={remix}>
      <DataRouterContext.Provider value={dataRouter}>
        <DataRouterStateContext.Provider value={dataRouterState}>
          <NavigationContext.Provider value={navigation}>
            <LocationContext.Provider value={location}>
              <RouteContext.Provider value={route}>{children}</RouteContext.Provider>
            </LocationContext.Provider>
          </NavigationContext.Provider>
        </DataRouterStateContext.Provider>
      </DataRouterContext.Provider>
    </RemixContext.Provider>
  ));
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
