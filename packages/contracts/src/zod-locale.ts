import { z } from 'zod';

// Default validation messages in Portuguese, on the server and in the browser alike.
z.config(z.locales.pt());
