import { adminCommand } from './admin.ts';

const { code, out, err } = await adminCommand(process.argv.slice(2));
if (out) console.log(out);
if (err) console.error(err);
process.exitCode = code;
