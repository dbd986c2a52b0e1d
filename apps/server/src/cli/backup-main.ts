import { backupCommand } from './backup.ts';

const { code, out, err } = await backupCommand(process.argv.slice(2));
if (out) console.log(out);
if (err) console.error(err);
process.exitCode = code;
