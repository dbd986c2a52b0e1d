import { Anchor, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePolicyInfo } from '../policy.api.ts';
import { type DocumentSection, DocumentSections } from './DocumentSections.tsx';

const COMPANY = 'Rota Sul Logística';

/** When this notice was last changed (shown in its last section). */
export const PRIVACY_NOTICE_UPDATED = '25/11/2026';

function Items({ children }: { children: ReactNode }) {
  return (
    <List spacing={4} mt="xs" withPadding>
      {children}
    </List>
  );
}

/** One fact about a kind of data: a small caption over its text. */
function Labeled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** What the intranet keeps, why (LGPD legal basis) and who sees it: one row per kind of data. */
const DATA_ROWS: { data: string; purpose: string; basis: string; who: string }[] = [
  {
    data: 'Cadastro de acesso: nome, matrícula, CPF (também usado como login), e-mail, setores, filial, perfil de acesso e senha (guardada apenas em forma irreversível, nunca legível)',
    purpose: 'Identificar você, liberar as áreas do seu trabalho e recuperar a senha',
    basis: 'Execução do contrato de trabalho ou de prestação de serviço (art. 7º, V)',
    who: 'Você; administradores e gestores que gerenciam usuários',
  },
  {
    data: 'Foto de perfil',
    purpose: 'Identificação visual no cabeçalho da Intranet',
    basis: 'Legítimo interesse (art. 7º, IX); o envio é opcional',
    who: 'Usuários da Intranet',
  },
  {
    data: 'Dados funcionais do RH: CPF, RG, PIS, data de nascimento, telefone, cargo, jornada, tipo de contrato e de remuneração, benefícios, férias, admissão e desligamento',
    purpose: 'Administração do contrato de trabalho, folha, benefícios e obrigações trabalhistas (eSocial)',
    basis: 'Cumprimento de obrigação legal (art. 7º, II) e execução do contrato (art. 7º, V)',
    who: 'Equipe de Recursos Humanos; aprovadores de cada etapa (jurídico, diretoria, presidência) nas solicitações de admissão e desligamento; o gestor, nas férias do seu setor',
  },
  {
    data: 'Dados de saúde: afastamentos e atestados médicos (período e CID)',
    purpose: 'Registro de afastamentos, abono de faltas e obrigações de saúde e segurança do trabalho',
    basis:
      'Dado sensível tratado para cumprir obrigação legal (art. 11, II, "a") e exercer direitos (art. 11, II, "d")',
    who: 'Somente a equipe de Recursos Humanos; cada consulta fica registrada',
  },
  {
    data: 'Multas de trânsito: nome do condutor autuado, veículo, local, data, valor e tratativa',
    purpose:
      'Indicação do condutor infrator ao órgão de trânsito, defesa e ressarcimento previstos em contrato',
    basis: 'Cumprimento de obrigação legal (art. 7º, II) e exercício regular de direitos (art. 7º, VI)',
    who: 'Equipe de Gestão de Multas e administradores',
  },
  {
    data: 'Chamados, solicitações de compra e de RH, arquivos e anexos de operação (fotos e vídeos por OT)',
    purpose: 'Atender o que você pediu e registrar a operação',
    basis: 'Execução do contrato (art. 7º, V) e legítimo interesse (art. 7º, IX)',
    who: 'Você e as equipes que atendem cada pedido; arquivos, conforme as permissões da pasta',
  },
  {
    data: 'Registros de acesso e de auditoria: entradas na Intranet (data, hora, endereço IP e navegador) e as alterações feitas por cada usuário',
    purpose: 'Segurança da informação, prevenção de fraudes e apuração de incidentes',
    basis: 'Legítimo interesse (art. 7º, IX) e exercício regular de direitos (art. 7º, VI)',
    who: 'Tecnologia da Informação e administradores, apenas quando necessário',
  },
];

/** The intranet's LGPD privacy notice (spec §2 /privacy-policy; content: decision 0105). */
export function PrivacyText() {
  const { data } = usePolicyInfo();
  const itEmail = data?.itEmail;
  const mail = itEmail ? (
    <Anchor href={`mailto:${itEmail}`} fw={600}>
      {itEmail}
    </Anchor>
  ) : (
    'o e-mail do suporte de TI'
  );

  const sections: DocumentSection[] = [
    {
      title: '1. Quem somos',
      body: (
        <Text>
          A {COMPANY} é a controladora dos dados pessoais tratados nesta Intranet, usada por colaboradores,
          prestadores de serviço e estagiários. Este aviso explica, conforme a Lei Geral de Proteção de Dados
          Pessoais (Lei nº 13.709/2018, LGPD), quais dados a Intranet guarda, por que, quem os vê, por quanto
          tempo e como você exerce os seus direitos.
        </Text>
      ),
    },
    {
      title: '2. Quais dados guardamos, por que e quem os vê',
      body: (
        <Stack gap="sm" data-testid="privacy-data">
          {DATA_ROWS.map((r) => (
            <Paper key={r.data} withBorder radius="md" p="md" bg="gray.0" data-testid="privacy-data-item">
              <Text fw={700} c="brand.9">
                {r.data}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing={6} mt={8}>
                <Labeled label="Para quê">{r.purpose}</Labeled>
                <Labeled label="Base legal (LGPD)">{r.basis}</Labeled>
                <Labeled label="Quem vê">{r.who}</Labeled>
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      ),
    },
    {
      title: '3. Acesso somente por necessidade',
      body: (
        <Text>
          Cada pessoa vê apenas o que a sua função exige. CPF, dados de saúde e dados de remuneração ficam
          restritos à equipe de Recursos Humanos e a quem precisa deles para uma etapa de aprovação. Colegas
          não veem as férias uns dos outros. Registros que você não pode ver não aparecem nas listas nem nas
          buscas.
        </Text>
      ),
    },
    {
      title: '4. Compartilhamento',
      body: (
        <>
          <Text>
            A {COMPANY} não vende nem cede dados pessoais. Eles são compartilhados apenas quando necessário
            com:
          </Text>
          <Items>
            <List.Item>
              órgãos públicos, por obrigação legal (eSocial, Receita Federal, INSS, órgãos de trânsito);
            </List.Item>
            <List.Item>
              operadoras de benefícios (plano de saúde, vale-alimentação e transporte) que você contratou;
            </List.Item>
            <List.Item>
              fornecedores que mantêm a infraestrutura da Intranet e do e-mail, sob contrato e com dever de
              sigilo;
            </List.Item>
            <List.Item>autoridades judiciais ou administrativas, quando requisitado.</List.Item>
          </Items>
        </>
      ),
    },
    {
      title: '5. Por quanto tempo guardamos',
      body: (
        <Items>
          <List.Item>
            Cadastro de acesso: enquanto durar o seu vínculo; depois, a conta é desativada e os dados
            guardados pelo prazo necessário ao cumprimento das obrigações a seguir.
          </List.Item>
          <List.Item>
            Dados de RH e de saúde: pelos prazos da legislação trabalhista e previdenciária (por exemplo, 5
            anos após o término do contrato para os documentos trabalhistas, e 20 anos para os registros de
            saúde ocupacional).
          </List.Item>
          <List.Item>
            Multas de trânsito: até o fim do processo administrativo ou judicial e do prazo de cobrança.
          </List.Item>
          <List.Item>
            Registros de acesso e de auditoria: no mínimo 6 meses, e enquanto houver apuração em curso.
          </List.Item>
          <List.Item>
            Sessão: expira após 12 horas, ou 2 horas sem uso; a tela encerra a sessão após 5 minutos de
            inatividade.
          </List.Item>
        </Items>
      ),
    },
    {
      title: '6. Cookies',
      body: (
        <>
          <Text>
            A Intranet usa apenas cookies essenciais ao seu funcionamento. Não usamos cookies de publicidade
            nem de rastreamento de terceiros.
          </Text>
          <Items>
            <List.Item>
              sessão: mantém você conectado (até 12 horas; não pode ser lido por scripts);
            </List.Item>
            <List.Item>recuperação de senha: liga as etapas do "Esqueci a senha" (15 minutos);</List.Item>
            <List.Item>aviso de cookies: lembra que você clicou em Aceitar (365 dias);</List.Item>
            <List.Item>
              tipo de solicitação: lembra se você escolheu Solicitar ou Consultar no menu Suporte (1 dia).
            </List.Item>
          </Items>
          <Text mt="xs">
            A caixa de aviso de cookies aparece no primeiro acesso; sem os cookies essenciais a Intranet não
            funciona.
          </Text>
        </>
      ),
    },
    {
      title: '7. Segurança',
      body: (
        <Text>
          As senhas são guardadas em forma irreversível, as sessões expiram, cada área exige permissão própria
          e as alterações ficam registradas com o autor, a data e a hora. Incidentes de segurança que possam
          trazer risco ou dano relevante são comunicados aos titulares e à ANPD.
        </Text>
      ),
    },
    {
      title: '8. Seus direitos (art. 18 da LGPD)',
      body: (
        <>
          <Text>Você pode, a qualquer momento, pedir:</Text>
          <Items>
            <List.Item>a confirmação de que tratamos os seus dados e o acesso a eles;</List.Item>
            <List.Item>a correção de dados incompletos, inexatos ou desatualizados;</List.Item>
            <List.Item>
              a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em
              desconformidade com a lei;
            </List.Item>
            <List.Item>a portabilidade dos dados a outro fornecedor, quando aplicável;</List.Item>
            <List.Item>
              a eliminação dos dados tratados com o seu consentimento, e a revogação desse consentimento;
            </List.Item>
            <List.Item>a informação das entidades com as quais compartilhamos os seus dados;</List.Item>
            <List.Item>
              a informação sobre a possibilidade de não consentir e as consequências da negativa;
            </List.Item>
            <List.Item>
              a revisão de decisões tomadas unicamente com base em tratamento automatizado.
            </List.Item>
          </Items>
          <Text mt="xs">
            Dados guardados por obrigação legal não podem ser eliminados antes do fim do prazo legal. Você
            também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).
          </Text>
        </>
      ),
    },
    {
      title: '9. Como exercer os seus direitos',
      body: (
        <>
          <Items>
            <List.Item>
              Dados de cadastro e de acesso: abra um chamado para a Tecnologia da Informação em{' '}
              <Anchor component={Link} to="/abrirchamado" fw={600}>
                Abrir Chamado
              </Anchor>
              .
            </List.Item>
            <List.Item>
              Dados funcionais, de férias ou de saúde: abra uma solicitação em{' '}
              <Anchor component={Link} to="/RhHomeRequest" fw={600}>
                Recursos Humanos
              </Anchor>{' '}
              ou um chamado para o departamento de Recursos Humanos.
            </List.Item>
            <List.Item>Foto e dados de contato: você mesmo os altera em Alterar dados (Perfil).</List.Item>
          </Items>
          <Text mt="xs">
            O Encarregado pelo tratamento de dados pessoais atende pelo e-mail {mail}. Respondemos em até 15
            dias.
          </Text>
        </>
      ),
    },
    {
      title: '10. Atualizações',
      body: (
        <Text>
          <Text span fw={600}>{`Versão atualizada em ${PRIVACY_NOTICE_UPDATED}.`}</Text> Este aviso pode mudar
          quando a Intranet ou a legislação mudarem; a versão vigente está sempre nesta página. Veja também a{' '}
          <Anchor component={Link} to="/politica-uso-documento" fw={600}>
            Política de Uso
          </Anchor>
          .
        </Text>
      ),
    },
  ];

  return <DocumentSections sections={sections} testId="privacy-text" />;
}
