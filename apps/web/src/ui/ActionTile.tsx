import { UnstyledButton } from '@mantine/core';
import { IconExternalLink, IconLock } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import classes from './ActionTile.module.css';

interface ActionTileProps {
  label: string;
  /** A tabler icon element. */
  icon: ReactNode;
  /** A small line under the label. */
  description?: string;
  /** Destination inside the app. */
  to?: string;
  /** Opens `to` in a new browser tab (target=_blank rel=noopener). */
  newTab?: boolean;
  /** Action instead of a link (renders a button). */
  onClick?: () => void;
  /** Several destinations: the tile is a group and each line under the label is a link. */
  links?: { label: string; to: string; testId?: string }[];
  /** Greyed out and not clickable: no link, aria-disabled="true". */
  disabled?: boolean;
  /** Why the tile is disabled (shown as a tooltip). */
  disabledReason?: string;
  size?: 'md' | 'lg';
  testId?: string;
  /** Extra data-* attributes for tests and styling. */
  data?: Record<`data-${string}`, string>;
}

/**
 * The clickable square of the home menu and of the sector pages: an icon and a label, as a link,
 * a button, a group of links, or a greyed-out block the user cannot use.
 */
export function ActionTile({
  label,
  icon,
  description,
  to,
  newTab = false,
  onClick,
  links,
  disabled = false,
  disabledReason,
  size = 'md',
  testId,
  data,
}: ActionTileProps) {
  const descriptionId = useId();
  const content = (
    <>
      <span className={classes.icon} aria-hidden>
        {icon}
      </span>
      <span className={classes.label}>{label}</span>
      {description ? (
        <span className={classes.description} id={descriptionId}>
          {description}
        </span>
      ) : null}
    </>
  );
  const common = {
    className: classes.tile,
    'data-size': size,
    'data-testid': testId,
    ...data,
  };
  const described = description ? { 'aria-label': label, 'aria-describedby': descriptionId } : {};

  if (disabled) {
    return (
      <div className={classes.wrapper}>
        <div {...common} aria-disabled="true" title={disabledReason}>
          {content}
        </div>
        <IconLock size={16} className={classes.lock} aria-hidden />
      </div>
    );
  }
  if (links) {
    return (
      <div className={classes.wrapper}>
        <div {...common} data-links>
          <span className={classes.icon} aria-hidden>
            {icon}
          </span>
          <span className={classes.label}>{label}</span>
          {links.map((l) => (
            <Link
              key={l.to}
              to={l.to}
              className={classes.link}
              aria-label={`${label}: ${l.label}`}
              data-testid={l.testId}
            >
              {l.label}
            </Link>
          ))}
        </div>
      </div>
    );
  }
  if (to) {
    return (
      <div className={classes.wrapper}>
        <Link
          {...common}
          {...described}
          to={to}
          target={newTab ? '_blank' : undefined}
          rel={newTab ? 'noopener' : undefined}
          title={newTab ? 'Abre em uma nova aba' : undefined}
        >
          {content}
        </Link>
        {newTab ? <IconExternalLink size={16} className={classes.newTab} aria-hidden /> : null}
      </div>
    );
  }
  return (
    <div className={classes.wrapper}>
      <UnstyledButton {...common} {...described} onClick={onClick}>
        {content}
      </UnstyledButton>
    </div>
  );
}
