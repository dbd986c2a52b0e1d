import { z } from 'zod';

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  date: 'uma data',
};

/**
 * Imported by every `*.schemas.ts` (not by the barrel), so that zod and this setting reach only
 * the code that uses a schema: the web app's sign-in page imports the barrel without loading zod.
 *
 * Brazilian Portuguese for the validation messages that have no message of their own. Zod's `pt`
 * locale (the fallback) is European Portuguese ("ficheiro", "registo") and names JavaScript types.
 */
z.config({
  ...z.locales.pt(),
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null) return 'Campo obrigatório.';
        return `Valor inválido: esperado ${TYPE_NAMES[issue.expected] ?? issue.expected}.`;
      case 'too_small':
        if (issue.origin === 'string')
          return Number(issue.minimum) <= 1
            ? 'Campo obrigatório.'
            : `Use pelo menos ${issue.minimum} caracteres.`;
        if (issue.origin === 'array') return `Selecione pelo menos ${issue.minimum} item(ns).`;
        return `O valor deve ser maior ou igual a ${issue.minimum}.`;
      case 'too_big':
        if (issue.origin === 'string') return `Use no máximo ${issue.maximum} caracteres.`;
        if (issue.origin === 'array') return `Selecione no máximo ${issue.maximum} item(ns).`;
        return `O valor deve ser menor ou igual a ${issue.maximum}.`;
      case 'invalid_format':
        return issue.format === 'email' ? 'Informe um e-mail válido.' : 'Formato inválido.';
      case 'invalid_value':
        return 'Valor não permitido.';
      case 'unrecognized_keys':
        return 'Campos não reconhecidos na requisição.';
      default:
        return undefined;
    }
  },
});
