import type { RecordLink } from '@intranet/contracts';
import { Anchor } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * A link from one record's detail to another (decision 0121). The server sends it only when the
 * reader may open the other record, so a screen shows it whenever it is there.
 */
export function RecordLinkAnchor({ link }: { link: RecordLink }) {
  return (
    <Anchor
      component={Link}
      to={link.href}
      size="sm"
      fw={600}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, overflowWrap: 'anywhere' }}
    >
      {link.label}
      <IconArrowUpRight size={14} aria-hidden />
    </Anchor>
  );
}
