/** Every user-facing message of spec sections 5 and 8, plus the server's own Portuguese errors. */
export const MSG = {
  // Generic request failures (spec §8)
  requestFailed: (status: number) => `Erro na requisição (${status})`,
  invalidMethod: 'Método HTTP inválido',
  noServerAnswer: 'Não houve resposta do servidor',

  // Access
  unauthenticated: 'Sessão expirada ou inválida. Faça login novamente.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  noPageAccess: 'Você não tem autorização de acesso a essa página',
  policyRequired: 'É necessário aceitar a política de uso para continuar.',
  notFoundPage: 'Oops! A página que você está procurando não foi encontrada.',
  apiNotFound: 'Recurso não encontrado.',
  tooManyRequests: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  invalidInput: 'Dados inválidos.',
  invalidText: 'O texto enviado contém caracteres inválidos.',
  internalError: 'Erro interno do servidor. Tente novamente mais tarde.',
  payloadTooLarge: 'O arquivo excede o tamanho máximo permitido.',
  uploadEmpty: 'O arquivo enviado está vazio.',
  uploadUnreadable: 'Não foi possível ler o arquivo enviado.',

  // Login and recovery (spec §5, §8)
  loginFailed: 'Erro ao fazer Login / Por favor, verifique login e senha.',
  loginUserRequired: 'Informe a matrícula ou o CPF.',
  loginPasswordRequired: 'Informe a senha.',
  loginUserTooLong: 'O usuário deve ter no máximo 11 caracteres.',
  recoveryUserError: 'Erro ao verificar usuário',
  recoveryCodeError: 'Erro ao verificar código',
  recoveryPasswordError: 'Erro ao atualizar senha',
  passwordsDontMatch: 'As senhas não coincidem',
  passwordResetOk: 'Senha redefinida com sucesso',
  recoveryNoEmail: 'Usuário sem e-mail cadastrado. Procure o suporte de TI.',
  recoveryCodeInvalid: 'Código inválido ou expirado.',
  recoveryCodeFormat: 'O código deve ter 6 dígitos.',
  recoveryNotVerified: 'Verifique o código enviado por e-mail antes de alterar a senha.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres.',

  // Own password and profile (spec §5, §8)
  oldPasswordWrong: 'A senha antiga incorreta.',
  passwordWrong: 'Senha incorreta',
  passwordChanged: 'senha alterada com sucesso!',
  passwordChangeError: 'Erro ao alterar senha',
  dataUpdated: 'Dados atualizados com sucesso',
  dataUpdateError: 'Erro ao atualizar dados',
  photoUpdated: 'Foto atualizada com sucesso!',
  photoUpdateError: 'Erro ao atualizar a foto.',

  // Images (spec §5)
  imageInvalidType: 'Formato inválido. Use JPEG, PNG ou WEBP.',
  imageTooLarge: 'A imagem excede o tamanho máximo de 3MB.',
  fileMissing: 'Nenhum arquivo enviado.',

  // Policy (spec §2, §8)
  policyAcceptError: 'Erro ao registrar aceite. Tente novamente.',
  policyCheckbox: 'Eu li e concordo com os termos acima.',

  // Notices and banners (spec §8)
  noticeDeleted: 'Aviso excluído com sucesso!',
  noticeDeleteError: 'Erro ao excluir o aviso.',
  noticeInserted: 'Aviso inserido com sucesso!',
  noticeInsertError: 'Erro ao inserir aviso.',
  bannerSent: 'Banner enviado com sucesso!',
  bannerSendError: 'Falha ao enviar banner',
  bannerDeleted: 'Banner excluído com sucesso!',
  bannerDeleteError: 'Erro ao excluir banner',
  noNotices: 'Nenhum aviso cadastrado.',
  noticeUpdated: 'Aviso atualizado com sucesso!',
  noticeUpdateError: 'Erro ao atualizar o aviso.',
  noticeNotFound: 'Aviso não encontrado.',
  bannerNotFound: 'Banner não encontrado.',

  // Folders (spec §8)
  folderRenameError: 'Erro ao atualizar o nome da pasta.',
  folderCreateError: 'Erro ao criar a pasta.',
  folderDeleteError: 'Erro ao excluir a pasta.',
  /** A file's rename failing is about the file, not its folder (issue 15). */
  fileRenameError: 'Erro ao atualizar o nome do arquivo.',

  // Tickets (spec §5, §8)
  fillAllFields: 'Por favor, preencha todos os campos.',
  fieldRequired: 'Esse campo deve ser preenchido.',
  ticketNotOpened: 'O chamado não foi aberto.',
  ticketOpenFailed: 'Não foi possível abrir o chamado.',
  ticketStatusConfirm: 'Alterar status do chamado',
  ticketSent: 'Seu chamado foi enviado para a equipe técnica.',
  ticketUnknownDepartment: 'Departamento inválido.',
  ticketUnknownUnit: 'Unidade inválida.',
  ticketUnknownProblem: 'Tipo de problema inválido para o departamento escolhido.',
  ticketNotFound: 'Chamado não encontrado.',
  ticketTransitionInvalid: 'Essa mudança de status não é permitida para o chamado.',
  ticketStatusConflict: 'O status do chamado foi alterado por outra pessoa. Atualize a página.',
  ticketStatusChanged: 'Status do chamado alterado com sucesso!',
  ticketStatusError: 'Erro ao alterar o status do chamado.',
  ticketClosed: 'Este chamado está finalizado e não aceita novas mensagens.',
  ticketAttachmentType: 'Formato inválido. Envie imagens ou PDF.',
  ticketAttachmentTooLarge: 'O anexo excede o tamanho máximo de 10MB.',
  answerTooLong: 'A resposta deve ter no máximo 1000 caracteres.',
  answerSent: 'Resposta enviada!',
  answerSendError: 'Erro ao enviar a resposta.',
  ticketUnknownMeasure: 'Unidade de medida inválida.',
  ticketMaterialQuantity: 'Informe uma quantidade maior que zero.',
  materialsSent: 'Lista de materiais enviada!',
  materialsSendError: 'Erro ao enviar a lista de materiais.',
  filterTooLong: 'O filtro deve ter no máximo 15 caracteres.',

  // Purchases and quotes (spec §5, §8)
  fillRequired: 'Preencha todos os campos obrigatórios:',
  selectQuote: 'Selecione uma cotação para prosseguir.',
  quoteRowsRequired: 'Por favor, preencha todos os campos em todas as linhas.',
  quoteAttachmentRequired: 'Por favor, insira anexo nas linhas ',
  quotesSendError: 'Erro ao enviar cotações',
  quoteSent: 'Cotação enviada',
  quoteSendError: 'Erro ao enviar cotação',
  invalidCurrency: 'Valor Inválido',

  // Fines (spec §8)
  fineUpdateError: 'Erro ao Atualizar Multa',
  fineInsertError: (error: string, fields: string) => `Erro ao inserir Multa: ${error}, ${fields}`,
  bmNoData: 'Não há dados para o período informado',

  // HR and users (spec §5, §8)
  requestNotSent: 'Requisição não foi enviada!',
  userCreateFailed: (reason: string) => `Falha ao cadastrar usuário, ${reason}`,
  /** Title of the toast whose body is the server's reason. */
  userCreateFailedTitle: 'Falha ao cadastrar usuário',
  userPasswordsDontMatch: 'Senhas não coincidem',
  userDeleteConfirm: 'Você confirma a exclusão do usuário?',
  userDeleted: 'Usuário excluído com sucesso',
  userDeleteError: 'Erro ao excluir usuário',
  userCreated: 'Usuário cadastrado com sucesso',
  userNotFound: 'Usuário não encontrado.',
  userDuplicateMatricula: 'matrícula já cadastrada.',
  userDuplicateCpf: 'CPF já cadastrado.',
  userPrivilegeDenied: 'somente um Administrador pode cadastrar Administrador ou Gestor.',
  userPrivilegeChangeDenied:
    'Somente um Administrador pode conceder o privilégio de Administrador ou Gestor.',
  userSelfDelete: 'Você não pode excluir o próprio usuário.',
  userManageDenied: 'Somente um Administrador pode alterar Administradores, Gestores e usuários de suporte.',
  userSupportDenied: 'somente um Administrador pode conceder suporte.',
  userSectorsDenied: (names: string) =>
    `somente um Administrador pode conceder setores que você não tem: ${names}.`,
  userBranchesDenied: (names: string) =>
    `somente um Administrador pode conceder filiais que você não tem: ${names}.`,

  // Apps
  appCreated: 'Aplicativo adicionado com sucesso!',
  appUpdated: 'Aplicativo atualizado com sucesso!',
  appDeleted: 'Aplicativo excluído com sucesso!',
  appSectorsSaved: 'Setores do aplicativo atualizados!',
  appSaveError: 'Erro ao salvar o aplicativo.',
  appDeleteError: 'Erro ao excluir o aplicativo.',
  appNotFound: 'Aplicativo não encontrado.',
  appsEmpty: 'Nenhum aplicativo encontrado.',
  employeeUpdateError: (reason: string) => `Erro ao autualizar dados, ${reason}`,
  formSent: 'Formulário enviado.',
  formNotSent: (reason: string) => `O formulário não foi enviado. ${reason}`,
  employeeInvalidParams: 'Parametros inválidos. Preencha todos os campos',
  dismissalRegistrationNotFound: 'Matrícula não encontrada no Banco de dados',
  dismissalAlreadyRequested: 'Solicitação já realizada para esse funcionário',
  hrAttachmentTypes: 'Por favor, selecione apenas arquivos de imagem ou PDF.',
  hrAttachmentConfirm: 'Enviar os arquivos anexados?',
  vacationAllFields: 'É necessário preencher todos os campos',
  vacationStartDate: 'Data inicial precisar ser igual ou superior a data de hoje.',
  vacationDaysChanged: 'Houve uma alteração na quantidade de dias de férias. Deseja confirmar?',
  vacationScheduled: 'Férias agendadas com sucesso!',
  vacationScheduleError: (reason: string) => `Não foi possível agendar as férias ${reason}`,
  vacationUpdated: 'Dado atualizado com sucesso!',
  vacationUpdateError: 'Não foi possível atualizar os dados de férias',

  // Operation attachments (spec §8)
  operationExists: 'Já existem anexos para essa OT.',
  operationSent: 'Arquivos enviados com sucesso!',
  operationSendError: 'Erro ao enviar arquivos.',
  operationNone: 'Nunhum anexo para a OT informada',
  operationEmpty: 'Não há anexos a serem exibidos',
} as const;
