import { type Banner, LIMITS } from '@intranet/contracts';
import { ActionIcon, Skeleton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type FocusEvent, type PointerEvent, type TouchEvent, useEffect, useRef, useState } from 'react';
import { StoredPicture } from '../../../ui/StoredPicture.tsx';
import { useBanners } from '../home.api.ts';
import classes from './home.module.css';

/** The slider spans the page's content column (at most about 1,200 px wide). */
const BANNER_SIZES = '(min-width: 75em) 1200px, 100vw';

/** Banners of the home page; hidden when there are none. */
export function BannerSlider() {
  const { data, isPending } = useBanners();
  if (isPending) return <Skeleton radius="lg" style={{ aspectRatio: '16 / 5' }} />;
  if (!data || data.length === 0) return null;
  return <Slider banners={data} />;
}

const SWIPE_PX = 40;

/**
 * Advances every 3 s (LIMITS.bannerIntervalMs); pauses while the mouse is over it or focus is
 * inside it; arrows, dots and swipes move by hand.
 */
function Slider({ banners }: { banners: Banner[] }) {
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const touchStartX = useRef<number | null>(null);
  const active = index % count;
  const paused = hovered || focused;
  // Images are fetched as the slides come: the shown one, and the next once the shown one has
  // arrived, so a phone on a slow network spends its first seconds on what it shows.
  const [wanted, setWanted] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set());
  const due = loaded.has(active) ? [active, (active + 1) % count] : [active];
  if (due.some((slide) => !wanted.has(slide))) setWanted(new Set([...wanted, ...due]));

  // One timeout per shown slide: a manual move also restarts the full interval.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((active + 1) % count), LIMITS.bannerIntervalMs);
    return () => clearTimeout(timer);
  }, [paused, count, active]);

  const go = (to: number) => setIndex(((to % count) + count) % count);

  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') setHovered(true);
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') setHovered(false);
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };
  const onTouchStart = (e: TouchEvent) => {
    touchStartX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchStartX.current;
    const end = e.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined) return;
    if (end - start > SWIPE_PX) go(active - 1);
    else if (start - end > SWIPE_PX) go(active + 1);
  };

  return (
    <section
      className={classes.slider}
      aria-roledescription="carrossel"
      aria-label="Banners"
      data-testid="banner-slider"
      data-active-index={active}
      data-paused={paused ? 'true' : 'false'}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div className={classes.viewport} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div className={classes.track} style={{ transform: `translateX(-${active * 100}%)` }}>
          {banners.map((b, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: each slide is a group.
            <div
              key={b.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} de ${count}`}
              aria-hidden={i !== active}
              className={classes.slide}
              data-testid="banner-slide"
              data-active={i === active ? 'true' : 'false'}
            >
              {wanted.has(i) ? (
                <StoredPicture
                  path={b.path}
                  sizes={BANNER_SIZES}
                  alt={b.alt}
                  draggable={false}
                  onLoad={() => setLoaded((l) => (l.has(i) ? l : new Set(l).add(i)))}
                />
              ) : null}
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <>
          <ActionIcon
            className={`${classes.arrow} ${classes.arrowPrev}`}
            radius="xl"
            size="lg"
            variant="white"
            aria-label="Banner anterior"
            onClick={() => go(active - 1)}
          >
            <IconChevronLeft size={20} aria-hidden />
          </ActionIcon>
          <ActionIcon
            className={`${classes.arrow} ${classes.arrowNext}`}
            radius="xl"
            size="lg"
            variant="white"
            aria-label="Próximo banner"
            onClick={() => go(active + 1)}
          >
            <IconChevronRight size={20} aria-hidden />
          </ActionIcon>
          <div className={classes.dots}>
            {banners.map((b, i) => (
              <button
                key={b.id}
                type="button"
                className={classes.dot}
                aria-label={`Mostrar banner ${i + 1}`}
                aria-current={i === active ? 'true' : 'false'}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
