/**
 * The session check's address without its schemas: a visit that starts signed in asks for it with
 * the page's first script, before the chunk with the session calls' schemas arrives (decision 0113).
 */
export const SESSION_DATA_PATH = '/api/get-sessionData';
