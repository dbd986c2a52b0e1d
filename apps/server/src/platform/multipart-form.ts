import { type FileRule, MSG, type MultipartSpec } from '@intranet/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Storage } from '../storage/storage.ts';
import { badRequest } from './errors.ts';
import { type ReceivedForm, receiveMultipart, type UploadRule } from './uploads.ts';

export interface FormOptions {
  /** Folder of the generated storage keys, e.g. "calls". */
  prefix: string;
  beforeFile?: UploadRule['beforeFile'];
  refuse?: UploadRule['refuse'];
}

export interface ParsedForm<F extends z.ZodType> {
  fields: z.output<F>;
  form: ReceivedForm;
}

/** The upload rule of a call's files (FileRule, in contracts) for the multipart reader. */
export function uploadRule(files: FileRule, options: FormOptions): UploadRule {
  return {
    prefix: options.prefix,
    maxBytes: files.maxBytes,
    maxFiles: files.maxFiles,
    allowedMimes: files.mimes,
    invalidTypeMessage: files.invalidTypeMessage,
    tooLargeMessage: files.tooLargeMessage,
    beforeFile: options.beforeFile,
    refuse: options.refuse,
  };
}

/**
 * Reads a multipart call as its endpoint describes it: files streamed to temporary storage and
 * checked by content and size, text fields parsed by the endpoint's schema. A refused form leaves
 * nothing behind.
 */
export async function receiveForm<F extends z.ZodType>(
  request: FastifyRequest,
  storage: Storage,
  spec: MultipartSpec<F>,
  options: FormOptions,
): Promise<ParsedForm<F>> {
  const form = await receiveMultipart(request, storage, uploadRule(spec.files, options));
  const stray = form.files.find((f) => f.field !== spec.files.field);
  const parsed = spec.fields.safeParse(form.fields);
  if (stray || !parsed.success) {
    await form.discard();
    throw badRequest(stray ? MSG.invalidInput : (parsed.error?.issues[0]?.message ?? MSG.invalidInput));
  }
  return { fields: parsed.data, form };
}

/**
 * A call that takes JSON (the spec's payload) or multipart with the same fields plus files: the
 * JSON body was parsed by the route's schema; a form is read and parsed here.
 */
export async function receiveBodyOrForm<F extends z.ZodType>(
  request: FastifyRequest,
  storage: Storage,
  spec: MultipartSpec<F>,
  options: FormOptions,
): Promise<{ fields: z.output<F>; form?: ReceivedForm }> {
  if (request.isMultipart()) return receiveForm(request, storage, spec, options);
  if (request.body == null) throw badRequest(MSG.fillAllFields);
  return { fields: request.body as z.output<F> };
}

/** What a spec's early fields (MultipartSpec.early) parse into. */
export type EarlyFields<S extends MultipartSpec> = S extends { early: infer E extends z.ZodType }
  ? z.output<E>
  : undefined;

/** The checks a service runs while its form is read. */
export interface FormChecks<S extends MultipartSpec> {
  /** Runs before each file is stored, with the early fields (undefined while they do not parse). */
  beforeFile?: (early: EarlyFields<S> | undefined) => Promise<void> | void;
  refuse?: UploadRule['refuse'];
}

/**
 * A call's form, read when its service asks: the route says how the input is parsed (the
 * descriptor's spec), the service authorises first, so a refused caller stores no byte.
 */
export type FormReader<S extends MultipartSpec> = (
  checks?: FormChecks<S>,
) => Promise<ParsedForm<S['fields']>>;

/** A FormReader for a call that takes JSON or multipart (receiveBodyOrForm). */
export type BodyOrFormReader<S extends MultipartSpec> = (
  checks?: FormChecks<S>,
) => Promise<{ fields: z.output<S['fields']>; form?: ReceivedForm }>;

function formOptions<S extends MultipartSpec>(
  spec: S,
  prefix: string,
  checks: FormChecks<S> = {},
): FormOptions {
  const { beforeFile, refuse } = checks;
  return {
    prefix,
    refuse,
    beforeFile:
      beforeFile &&
      ((raw) => {
        const early = spec.early?.safeParse(raw);
        return beforeFile(early?.success ? (early.data as EarlyFields<S>) : undefined);
      }),
  };
}

export const formReader =
  <S extends MultipartSpec>(
    request: FastifyRequest,
    storage: Storage,
    spec: S,
    prefix: string,
  ): FormReader<S> =>
  (checks) =>
    receiveForm(request, storage, spec as MultipartSpec<S['fields']>, formOptions(spec, prefix, checks));

export const bodyOrFormReader =
  <S extends MultipartSpec>(
    request: FastifyRequest,
    storage: Storage,
    spec: S,
    prefix: string,
  ): BodyOrFormReader<S> =>
  (checks) =>
    receiveBodyOrForm(
      request,
      storage,
      spec as MultipartSpec<S['fields']>,
      formOptions(spec, prefix, checks),
    );
