import {
  callStatusLabel,
  LIMITS,
  materialsRequestBody,
  type PurchaseDetail,
  transitionsFrom,
} from '@intranet/contracts';
import { Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { RecordLinkAnchor } from '../../../ui/RecordLinkAnchor.tsx';
import { CallPanel } from '../../tickets/tickets.public.ts';
import { useMaterials, useMaterialsDecision, useRequestMaterials } from '../purchases.api.ts';

/**
 * The materials list a request may need from Infraestrutura: the request (a call at 20), the list
 * it sends back, and Compras' Aceitar (at 21) / Recusar (at 21 and 23), spec §4.
 */
export function MaterialsSection({ request }: { request: PurchaseDetail }) {
  const [asking, setAsking] = useState(false);
  const [messages, setMessages] = useState(false);
  const [text, setText] = useState('');
  const ask = useRequestMaterials(request.id);
  const materials = useMaterials(request.call_id);
  const decide = useMaterialsDecision(request.call_id ?? 0);
  const { abilities } = request;
  // The call's number and link come only to who may open the call; its step's status to every reader.
  if (request.statusCall === null && !abilities.requestMaterials) return null;
  const decisions =
    abilities.materials && request.statusCall !== null
      ? transitionsFrom(request.statusCall).filter((t) => t.by === 'purchasing')
      : [];

  return (
    <Stack gap="xs" aria-label="Lista de materiais" component="section">
      <Group justify="space-between">
        <Title order={3} fz="lg">
          Lista de materiais
        </Title>
        {abilities.requestMaterials ? (
          <Button size="sm" variant="light" onClick={() => setAsking(true)}>
            Solicitar lista de materiais
          </Button>
        ) : null}
      </Group>
      {request.statusCall !== null ? (
        <Group gap="xs" justify="space-between">
          <Text size="sm">
            {request.callLink ? <RecordLinkAnchor link={request.callLink} /> : 'Chamado da Infraestrutura'}:{' '}
            {callStatusLabel(request.statusCall)}
          </Text>
          {/* Compras sees the call (it is in their queue); the requester of the purchase does not. */}
          {abilities.materials ? (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconMessages size={16} aria-hidden />}
              onClick={() => setMessages(true)}
            >
              Mensagens do chamado
            </Button>
          ) : null}
        </Group>
      ) : null}
      {/* The call's message panel (spec §2 "call messages" and "answer message"): the tickets module's. */}
      <CallPanel
        callId={messages ? request.call_id : null}
        onClose={() => setMessages(false)}
        mode="consult"
        zIndex={300}
      />
      {(materials.data ?? []).length > 0 ? (
        <Table aria-label="Materiais">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Medida</Table.Th>
              <Table.Th>Quantidade</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(materials.data ?? []).map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.item_name}</Table.Td>
                <Table.Td>{m.measure}</Table.Td>
                <Table.Td>{m.qnt}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {decisions.length > 0 ? (
        <Group gap="xs">
          {decisions.map((t) => (
            <Button
              key={t.key}
              size="sm"
              color={t.key === 'recusarMateriais' ? 'red' : undefined}
              variant={t.key === 'recusarMateriais' ? 'light' : 'filled'}
              loading={decide.isPending}
              onClick={() => decide.mutate(t.to)}
            >
              {t.label}
            </Button>
          ))}
        </Group>
      ) : null}
      <Dialog opened={asking} onClose={() => setAsking(false)} title="Solicitar lista de materiais" centered>
        <Stack>
          <Textarea
            label="O que a Infraestrutura deve listar"
            autosize
            minRows={3}
            maxLength={LIMITS.textMax}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Fechar
            </Button>
            <Button
              // Pressed only when the server's schema takes the text.
              disabled={!materialsRequestBody.safeParse({ descript: text }).success}
              loading={ask.isPending}
              onClick={() => ask.mutate(text.trim(), { onSuccess: () => setAsking(false) })}
            >
              Solicitar
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
