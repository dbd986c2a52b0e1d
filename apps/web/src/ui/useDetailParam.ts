import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The record a list's detail panel shows, kept in the page URL (spec §2 query parameter
 * `ticket`): /ChamadosAbertos?ticket=9 opens ticket 9, closing the panel removes the parameter,
 * and the list's other parameters (filters, sort) stay as they are.
 */
export function useDetailParam(name = 'ticket') {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get(name));
  const openId = Number.isInteger(value) && value > 0 ? value : null;
  const setOpenId = useCallback(
    (id: number | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(name, String(id));
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams, name],
  );
  return [openId, setOpenId] as const;
}
