import { Stack, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DocumentSection {
  title: string;
  body: ReactNode;
}

/** A policy document's numbered sections, each a titled block (Política de Uso, Privacidade). */
export function DocumentSections({
  sections,
  headingOrder = 2,
  testId,
}: {
  sections: DocumentSection[];
  headingOrder?: TitleOrder;
  testId: string;
}) {
  return (
    <Stack gap="lg" data-testid={testId}>
      {sections.map((s) => (
        <section key={s.title}>
          <Title order={headingOrder} size="h4" c="brand.9" mb={6}>
            {s.title}
          </Title>
          {s.body}
        </section>
      ))}
    </Stack>
  );
}
