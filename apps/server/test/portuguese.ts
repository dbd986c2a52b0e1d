/** Words of the English messages zod, Fastify and its plugins would answer if nothing translated them. */
export const ENGLISH =
  /\b(invalid|expected|required|must|received|unexpected|unsupported|missing|body|too (big|large|long|small)|not found|error|string|number|object)\b/i;
