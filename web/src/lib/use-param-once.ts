import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * A link that asks a page to do something once (`?new=1` opens its create modal, `?project=<id>` a project):
 * `onValue` runs with the parameter's value, then the parameter leaves the address (history replaced), so a
 * reload or Back does not do it again.
 */
export function useParamOnce(name: string, onValue: (value: string) => void) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const value = new URLSearchParams(search).get(name);
  const handler = useRef(onValue);
  useEffect(() => {
    handler.current = onValue;
  });
  useEffect(() => {
    if (value === null) return;
    handler.current(value);
    // The address as it is now: another effect of the page may have replaced it in this same commit.
    const next = new URLSearchParams(window.location.search);
    next.delete(name);
    const query = next.toString();
    void navigate({ search: query ? `?${query}` : '', hash: window.location.hash }, { replace: true });
  }, [name, value, navigate]);
}
