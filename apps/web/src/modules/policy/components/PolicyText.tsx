import { LIMITS } from '@intranet/contracts';
import { Anchor, List, Text, type TitleOrder } from '@mantine/core';
import { usePolicyInfo } from '../policy.api.ts';
import { type DocumentSection, DocumentSections } from './DocumentSections.tsx';

const COMPANY = 'Rota Sul Logística';

/** The full usage policy of the intranet (spec §6, policy content), in Portuguese. */
export function PolicyText({ headingOrder = 2 }: { headingOrder?: TitleOrder }) {
  const { data } = usePolicyInfo();
  const versionLabel = data?.versionLabel ?? LIMITS.policyVersionLabel;
  const itEmail = data?.itEmail;

  const sections: DocumentSection[] = [
    {
      title: '1. Objetivo',
      body: (
        <Text>
          Esta Política de Uso estabelece as regras para a utilização da Intranet da {COMPANY}, ferramenta
          corporativa destinada à comunicação interna, ao atendimento de solicitações e à gestão das
          atividades da empresa. Ao utilizar a Intranet, o usuário declara conhecer e cumprir as regras a
          seguir.
        </Text>
      ),
    },
    {
      title: '2. Acesso restrito a pessoas autorizadas',
      body: (
        <Text>
          O acesso à Intranet é permitido somente a colaboradores, prestadores de serviço e estagiários da{' '}
          {COMPANY} devidamente autorizados. Cada usuário deve acessar apenas as áreas e informações
          necessárias às suas atividades. Tentativas de acesso a áreas ou dados não autorizados constituem
          violação desta política.
        </Text>
      ),
    },
    {
      title: '3. Login e senha pessoais e intransferíveis',
      body: (
        <Text>
          O login e a senha são pessoais e intransferíveis. É proibido compartilhar, emprestar ou divulgar as
          credenciais de acesso, bem como utilizar as credenciais de outra pessoa. O usuário é responsável por
          manter sua senha em sigilo e, se suspeitar de uso indevido, deve alterá-la imediatamente e comunicar
          o setor de Tecnologia da Informação. Ao se afastar do computador, encerre a sessão.
        </Text>
      ),
    },
    {
      title: '4. Registro das ações',
      body: (
        <Text>
          Todas as ações realizadas na Intranet são registradas e vinculadas ao usuário que as executou, com
          data e hora. Esses registros podem ser consultados pela empresa para fins de auditoria, segurança da
          informação e apuração de irregularidades.
        </Text>
      ),
    },
    {
      title: '5. Uso exclusivamente profissional',
      body: (
        <Text>
          A Intranet deve ser utilizada exclusivamente para fins profissionais. É vedado o seu uso para fins
          pessoais, para atividades político-partidárias ou para propaganda de qualquer natureza, assim como a
          divulgação de informações da empresa fora dos canais autorizados.
        </Text>
      ),
    },
    {
      title: '6. Conduta e comentários',
      body: (
        <Text>
          Mensagens, comentários e arquivos publicados devem manter o respeito e a cordialidade. Comentários
          ofensivos, discriminatórios, difamatórios ou que exponham colegas, clientes ou parceiros a
          constrangimento são passíveis de sanção.
        </Text>
      ),
    },
    {
      title: '7. Penalidades',
      body: (
        <>
          <Text>
            O descumprimento desta política sujeita o usuário, conforme a gravidade da infração, às seguintes
            penalidades, sem prejuízo das medidas legais cabíveis:
          </Text>
          <List spacing={4} mt="xs" withPadding>
            <List.Item>suspensão do acesso à Intranet;</List.Item>
            <List.Item>sanções disciplinares, como advertência e suspensão;</List.Item>
            <List.Item>demissão por justa causa, nos termos da legislação trabalhista.</List.Item>
          </List>
        </>
      ),
    },
    {
      title: '8. Vigência',
      body: (
        <>
          <Text fw={600}>{`Versão vigente a partir de ${versionLabel}`}</Text>
          <Text mt="xs">
            Esta política pode ser atualizada. Quando houver uma nova versão, o aceite será solicitado
            novamente no acesso seguinte.
          </Text>
        </>
      ),
    },
    {
      title: '9. Dúvidas',
      body: (
        <Text>
          Dúvidas sobre esta política devem ser encaminhadas ao setor de Tecnologia da Informação pelo e-mail{' '}
          {itEmail ? (
            <Anchor href={`mailto:${itEmail}`} fw={600}>
              {itEmail}
            </Anchor>
          ) : (
            'do suporte de TI'
          )}
          .
        </Text>
      ),
    },
  ];

  return <DocumentSections sections={sections} headingOrder={headingOrder} testId="policy-text" />;
}
