import { FAKE_EXE, TINY_PNG } from '../images.ts';
import {
  BAD_VALUES,
  deepArray,
  deepObject,
  type FieldKind,
  INVALID_UTF8,
  KB_100,
  RAW_URL_VALUES,
  TRAVERSAL,
} from './bad-values.ts';
import { type RawPart, rawMultipart } from './raw-multipart.ts';
import {
  type JsonSchema,
  type MultipartInputs,
  mainType,
  objectBranch,
  type RouteInputs,
  sample,
} from './route-inputs.ts';

/** What a case attacks; the Colaborador's run takes a few of each kind. */
export type CaseKind = 'caminho' | 'consulta' | 'corpo' | 'campo' | 'multipart' | 'arquivo' | 'geral';

export interface Case {
  kind: CaseKind;
  name: string;
  method: string;
  url: string;
  payload?: string | Buffer | Record<string, unknown> | unknown[];
  headers?: Record<string, string>;
}

/** A lone surrogate cannot be percent-encoded: it travels as UTF-8 does, as U+FFFD. */
const enc = (value: string) => encodeURIComponent(Buffer.from(value).toString());

const pick = <T>(set: { core: readonly T[]; more: readonly T[] }, first: boolean): readonly T[] =>
  first ? [...set.core, ...set.more] : set.core;

/** The values a URL carries for a field of this kind: encoded bad texts, then broken encodings. */
const urlValues = (kind: FieldKind, first: boolean) => [
  ...pick(BAD_VALUES[kind].text, first).map((v) => ({ shown: v, encoded: enc(v) })),
  ...pick(RAW_URL_VALUES, first).map((v) => ({ shown: v, encoded: v })),
];

function kindOf(s: JsonSchema): FieldKind {
  const type = mainType(s);
  if (type === 'integer' || type === 'number' || type === 'boolean') return 'number';
  if (type === 'array' || type === 'object') return 'list';
  return 'text';
}

/** The fields of an object schema with their kind, and whether each is the first of its kind. */
function fieldsOf(s: JsonSchema | undefined): { key: string; kind: FieldKind; first: boolean }[] {
  const seen = new Set<FieldKind>();
  return Object.entries(objectBranch(s)?.properties ?? {}).map(([key, schema]) => {
    const kind = kindOf(schema);
    const first = !seen.has(kind);
    seen.add(kind);
    return { key, kind, first };
  });
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

function fillPath(pattern: string, params: Record<string, string>): string {
  return pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return params['*'] ?? 'x';
      if (segment.startsWith(':')) return params[segment.slice(1)] ?? '1';
      return segment;
    })
    .join('/');
}

function queryString(entries: [string, string][]): string {
  return entries.length ? `?${entries.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
}

const propertiesOf = (s: JsonSchema | undefined) => Object.entries(objectBranch(s)?.properties ?? {});

/** The base of every case: each input filled with a value its schema accepts (see `sample`). */
interface Base {
  params: Record<string, string>;
  query: [string, string][];
  body: Record<string, unknown> | undefined;
}

function baseOf(route: { url: string }, inputs: RouteInputs): Base {
  const params: Record<string, string> = {};
  for (const [k, s] of propertiesOf(inputs.params)) params[k] = encodeURIComponent(asText(sample(s)));
  if (route.url.includes('*') && !params['*']) params['*'] = 'banners/amostra.jpg';
  if (params['*']) params['*'] = decodeURIComponent(params['*']);
  const query = propertiesOf(inputs.query).map(
    ([k, s]) => [k, encodeURIComponent(asText(sample(s)))] as [string, string],
  );
  const bodySchema = objectBranch(inputs.body);
  const body = bodySchema ? (sample(bodySchema) as Record<string, unknown>) : undefined;
  return { params, query, body };
}

function paramCases(method: string, pattern: string, inputs: RouteInputs, base: Base): Case[] {
  const out: Case[] = [];
  const url = (params: Record<string, string>) => fillPath(pattern, params) + queryString(base.query);
  for (const { key, kind, first } of fieldsOf(inputs.params)) {
    for (const v of urlValues(kind, first)) {
      // The wildcard keeps its slashes: it is a path below the prefix.
      const value = key === '*' ? `banners/${v.encoded}` : v.encoded;
      out.push({
        kind: 'caminho',
        name: `parâmetro ${key} = ${v.shown.slice(0, 40)}`,
        method,
        url: url({ ...base.params, [key]: value }),
        payload: base.body,
      });
    }
  }
  return out;
}

function queryCases(method: string, path: string, inputs: RouteInputs, base: Base): Case[] {
  const out: Case[] = [];
  const push = (name: string, entries: [string, string][]) =>
    out.push({ kind: 'consulta', name, method, url: path + queryString(entries), payload: base.body });
  for (const { key, kind, first } of fieldsOf(inputs.query)) {
    const others = base.query.filter(([k]) => k !== key);
    push(`consulta sem ${key}`, others);
    for (const v of urlValues(kind, first))
      push(`consulta ${key} = ${v.shown.slice(0, 40)}`, [...others, [key, v.encoded]]);
    if (!first) continue;
    push(`consulta ${key} repetido`, [...base.query, [key, 'abc']]);
    push(`consulta ${key}[] como lista`, [...others, [`${key}[]`, '1'], [`${key}[]`, '2']]);
    push(`consulta ${key}[a] como objeto`, [...others, [`${key}[a]`, '1']]);
  }
  return out;
}

/** Cases every route gets, whatever it declares: junk in the query, and in the body for mutations. */
function generalCases(method: string, path: string, base: Base): Case[] {
  const url = (extra: [string, string][]) => path + queryString([...base.query, ...extra]);
  const out: Case[] = [
    { kind: 'geral', name: 'campo extra na consulta', method, url: url([['campoExtra', '1']]) },
    { kind: 'geral', name: '__proto__ na consulta', method, url: url([['__proto__[admin]', '1']]) },
    { kind: 'geral', name: 'consulta em UTF-8 inválido', method, url: url([['q', '%FF%FE%80']]) },
    { kind: 'geral', name: 'consulta de 100 kB', method, url: url([['q', KB_100]]) },
    {
      kind: 'geral',
      name: '300 campos na consulta',
      method,
      url: url(Array.from({ length: 300 }, (_, i) => [`c${i}`, String(i)] as [string, string])),
    },
  ];
  if (method === 'GET' || method === 'HEAD') return out;
  const json = (name: string, payload: string | Buffer) =>
    out.push({
      kind: 'geral',
      name,
      method,
      url: url([]),
      payload,
      headers: { 'content-type': 'application/json' },
    });
  json('JSON com 10.000 níveis de listas', deepArray(10_000));
  json('JSON com 10.000 níveis de objetos', deepObject(10_000));
  json('JSON com 10.000 níveis e __proto__ no fundo', deepObject(10_000, '{"__proto__":{"admin":1}}'));
  json('JSON com 100.000 níveis', deepArray(100_000));
  json(
    'JSON com bytes fora do UTF-8',
    Buffer.concat([Buffer.from('{"a":"'), INVALID_UTF8, Buffer.from('"}')]),
  );
  json('JSON de mais de 1 MB', JSON.stringify({ a: 'x'.repeat(1_100_000) }));
  json('JSON com chaves repetidas', '{"a":1,"a":2}');
  json('JSON inválido', '{"a":');
  json('JSON vazio', '');
  out.push({
    kind: 'geral',
    name: 'corpo em text/plain',
    method,
    url: url([]),
    payload: 'texto',
    headers: { 'content-type': 'text/plain' },
  });
  out.push({
    kind: 'geral',
    name: 'corpo em XML',
    method,
    url: url([]),
    payload: '<a>1</a>',
    headers: { 'content-type': 'application/xml' },
  });
  return out;
}

function bodyCases(method: string, url: string, inputs: RouteInputs, base: Base): Case[] {
  const body = base.body;
  if (!body) return [];
  const out: Case[] = [];
  const push = (kind: CaseKind, name: string, payload: Case['payload']) => {
    const raw = typeof payload === 'string' || Buffer.isBuffer(payload);
    out.push({
      kind,
      name,
      method,
      url,
      payload,
      headers: raw ? { 'content-type': 'application/json' } : undefined,
    });
  };
  const whole: [string, Case['payload']][] = [
    ['corpo ausente', undefined],
    ['corpo {}', {}],
    ['corpo null', 'null'],
    ['corpo lista', [body]],
    ['corpo texto', '"texto"'],
    ['corpo número', '123'],
    ['campo extra', { ...body, campoExtra: 'x' }],
    [
      '50 campos extras',
      { ...body, ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`c${i}`, i])) },
    ],
    ['__proto__ no corpo', JSON.stringify(body).replace(/^\{/, '{"__proto__":{"admin":1},')],
    ['constructor.prototype no corpo', { ...body, constructor: { prototype: { admin: 1 } } }],
  ];
  for (const [name, payload] of whole) push('corpo', name, payload);
  for (const { key, kind, first } of fieldsOf(inputs.body)) {
    const { [key]: _, ...rest } = body;
    push('campo', `sem ${key}`, rest);
    for (const v of pick(BAD_VALUES[kind].text, first))
      push('campo', `${key} = "${v.slice(0, 40)}"`, { ...body, [key]: v });
    for (const v of pick(BAD_VALUES[kind].json, first))
      push('campo', `${key} = ${asText(v).slice(0, 40)}`, { ...body, [key]: v });
    if (!first) continue;
    const inner = JSON.stringify({ ...body, [key]: '__X__' });
    push('campo', `${key} com 10.000 níveis`, inner.replace('"__X__"', deepArray(10_000)));
    push(
      'campo',
      `${key} em UTF-8 inválido`,
      Buffer.concat(
        inner.split('__X__').flatMap((s, i) => (i ? [INVALID_UTF8, Buffer.from(s)] : [Buffer.from(s)])),
      ),
    );
  }
  return out;
}

/** Bytes that start like a PNG and pass `size` bytes: typed as an image, refused by its size. */
const bigPng = (size: number) => Buffer.concat([TINY_PNG, Buffer.alloc(size - TINY_PNG.length, 0)]);

/** The largest file any route reads without its own limit (the multipart plugin's default). */
const PLUGIN_FILE_LIMIT = 10 * 1024 * 1024;

function multipartCases(method: string, url: string, spec: MultipartInputs): Case[] {
  const fileField = spec.files?.field ?? 'file';
  const mimes = spec.files?.mimes ?? 'any';
  const imageRoute = mimes === 'any' || mimes.includes('image/png');
  const good: RawPart = imageRoute
    ? { name: fileField, filename: 'campanha.png', type: 'image/png', data: TINY_PNG }
    : { name: fileField, filename: 'campanha.pdf', type: 'application/pdf', data: '%PDF-1.4\n%%EOF\n' };
  const fieldsSample = spec.fields ? (sample(spec.fields) as Record<string, unknown>) : {};
  const fieldParts = (fields: Record<string, unknown>): RawPart[] =>
    Object.entries(fields).map(([name, v]) => ({ name, data: asText(v) }));
  const baseFields = fieldParts(fieldsSample);
  const out: Case[] = [];
  const push = (
    kind: CaseKind,
    name: string,
    parts: RawPart[],
    options?: Parameters<typeof rawMultipart>[1],
  ) => {
    const { payload, headers } = rawMultipart(parts, options);
    out.push({ kind, name, method, url, payload, headers });
  };
  const oversized = Math.min(spec.files?.maxBytes ?? PLUGIN_FILE_LIMIT, PLUGIN_FILE_LIMIT) + 1024;
  const file = (over: Partial<RawPart>): RawPart => ({ ...good, ...over });

  push('arquivo', 'arquivo vazio', [...baseFields, file({ data: Buffer.alloc(0) })]);
  push('arquivo', 'arquivo vazio sem campos', [file({ data: Buffer.alloc(0) })]);
  push('arquivo', 'arquivo vazio e depois um arquivo', [
    ...baseFields,
    file({ data: Buffer.alloc(0), filename: 'vazio.png' }),
    good,
  ]);
  push('arquivo', 'arquivo vazio sem nome', [...baseFields, file({ data: Buffer.alloc(0), filename: '' })]);
  push('arquivo', `arquivo de ${oversized} bytes`, [...baseFields, file({ data: bigPng(oversized) })]);
  push('arquivo', '50 arquivos', [
    ...baseFields,
    ...Array.from({ length: 50 }, (_, i) => file({ filename: `a${i}.png` })),
  ]);
  push('arquivo', '50 partes vazias', [
    ...baseFields,
    ...Array.from({ length: 50 }, () => file({ data: Buffer.alloc(0) })),
  ]);
  push('multipart', '60 campos de texto', [
    ...Array.from({ length: 60 }, (_, i) => ({ name: `c${i}`, data: String(i) })),
    good,
  ]);
  push('multipart', '50 campos e um arquivo', [
    ...baseFields,
    ...Array.from({ length: 50 - baseFields.length }, (_, i) => ({ name: `c${i}`, data: 'x' })),
    good,
  ]);
  push('arquivo', 'executável com nome .png', [...baseFields, file({ data: FAKE_EXE })]);
  push('arquivo', 'texto com nome .png', [...baseFields, file({ data: 'não sou imagem' })]);
  push('arquivo', 'imagem com nome .exe', [...baseFields, file({ filename: 'programa.exe' })]);
  push('arquivo', 'imagem com nome .vbs. (ponto final)', [...baseFields, file({ filename: 'run.vbs.' })]);
  push('arquivo', 'HTML com script', [
    ...baseFields,
    file({ filename: 'pagina.html', type: 'text/html', data: '<script>alert(1)</script>' }),
  ]);
  push('arquivo', 'SVG com script', [
    ...baseFields,
    file({ filename: 'a.svg', type: 'image/svg+xml', data: '<svg onload="alert(1)"/>' }),
  ]);
  for (const name of [...TRAVERSAL, '', '.', '..', 'x'.repeat(5000), 'a\u0000b.png', 'CON.png'])
    push('arquivo', `arquivo chamado "${name.slice(0, 40)}"`, [...baseFields, file({ filename: name })]);
  push('arquivo', 'nome de arquivo em UTF-8 inválido', [
    ...baseFields,
    file({ filename: Buffer.concat([INVALID_UTF8, Buffer.from('.png')]) }),
  ]);
  push('arquivo', 'arquivo num campo inesperado', [...baseFields, file({ name: 'outroCampo' })]);
  push('arquivo', 'arquivo antes dos campos', [good, ...baseFields]);
  push('multipart', 'só campos, sem arquivo', baseFields);
  push('multipart', 'sem partes', []);
  push('multipart', 'corpo cortado no arquivo', [...baseFields, file({ data: bigPng(20_000) })], {
    cutAt: 10_000,
  });
  push('multipart', 'sem o fechamento', [...baseFields, good], { closed: false });
  push('multipart', 'campos repetidos', [...baseFields, ...baseFields, good]);
  push('multipart', 'campo de 100 kB', [...baseFields, { name: 'campoGrande', data: KB_100 }, good]);
  push('multipart', 'campo em UTF-8 inválido', [...baseFields, { name: 'texto', data: INVALID_UTF8 }, good]);
  out.push({
    kind: 'multipart',
    name: 'multipart sem boundary',
    method,
    url,
    payload: 'qualquer coisa',
    headers: { 'content-type': 'multipart/form-data' },
  });
  for (const { key, kind, first } of fieldsOf(spec.fields)) {
    const { [key]: _, ...rest } = fieldsSample;
    push('multipart', `formulário sem ${key}`, [...fieldParts(rest), good]);
    for (const v of pick(BAD_VALUES[kind].text, first))
      push('multipart', `formulário ${key} = "${v.slice(0, 40)}"`, [
        ...fieldParts({ ...fieldsSample, [key]: v }),
        good,
      ]);
  }
  return out;
}

/** Every bad-input case of one route. */
export function casesFor(route: { method: string; url: string }, inputs: RouteInputs): Case[] {
  const base = baseOf(route, inputs);
  const path = fillPath(route.url, base.params);
  const url = path + queryString(base.query);
  return [
    ...paramCases(route.method, route.url, inputs, base),
    // HEAD answers what its GET answers: the GET twin gets the query cases.
    ...(route.method === 'HEAD' ? [] : queryCases(route.method, path, inputs, base)),
    ...bodyCases(route.method, url, inputs, base),
    ...generalCases(route.method, path, base),
    ...(inputs.multipart ? multipartCases(route.method, url, inputs.multipart) : []),
  ];
}
