import { useCallback, useRef, useState } from 'react';

/**
 * The width inside the border and the scrollbar (clientWidth) of the element the returned ref is put
 * on, kept as it changes. Read when the element is attached, before the browser paints: a table laid
 * out for a width of 0 took every column's sideways-scrolling width until the observer's first answer,
 * a frame or more later on a busy phone. The observer watches the content box, which narrows when a
 * scrollbar appears, and follows the element when React replaces it.
 */
export function useElementWidth<T extends HTMLElement>(): {
  ref: (element: T | null) => void;
  width: number;
} {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setWidth(element.clientWidth);
    const watching = new ResizeObserver(() => setWidth(element.clientWidth));
    watching.observe(element);
    observer.current = watching;
  }, []);
  return { ref, width };
}
