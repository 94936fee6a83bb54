#!/usr/bin/env node
// `appset-set`: what a security event provider needs from a terminal (keys, tokens, delivery,
// verification), as a thin layer over the functions `appset/set` exports.
import { version } from '../../../package.json';
import { AppsetError } from '../../errors';
import { SecurityEventTokenInputError } from '../errors';
import { commandHelp, parseCommand, type Command } from './args';
import { UsageError } from './io';
import { jwks } from './jwks';
import { printableText } from './print';
import { keygen } from './keygen';
import { publish } from './publish';
import { serve } from './serve';
import { sign } from './sign';
import { verify } from './verify';

const COMMANDS: Command[] = [keygen, jwks, sign, publish, verify, serve];

function help(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length)) + 2;
  const list = COMMANDS.map((command) => `  ${command.name.padEnd(width)}${command.summary}`).join('\n');
  return `Usage: appset-set <command> [options]

Keys, tokens and delivery for a security event provider (Shared Signals, RFC 8417 and RFC 8935).

Commands:
${list}

Run appset-set <command> --help for a command's options; appset-set --version for the version.
`;
}

async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined) {
    process.stderr.write(help());
    return 2;
  }
  if (name === '--help' || name === '-h') {
    process.stdout.write(help());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    process.stderr.write(`appset-set: unknown command "${name.slice(0, 40)}"; the commands are ${COMMANDS.map((c) => c.name).join(', ')} (appset-set --help).\n`);
    return 2;
  }
  try {
    const parsed = parseCommand(command, rest);
    if (parsed.help) {
      process.stdout.write(commandHelp(command));
      return 0;
    }
    return await command.run(parsed.values, parsed.positionals);
  } catch (error) {
    // A bad command line or a bad input (a key, an event member): what to fix, exit 2.
    if (error instanceof UsageError || error instanceof SecurityEventTokenInputError) {
      process.stderr.write(`appset-set ${command.name}: ${printableText(error.message)}\n`);
      return 2;
    }
    if (error instanceof AppsetError) {
      process.stderr.write(`appset-set ${command.name}: ${printableText(error.message)}\n`);
      return 1;
    }
    throw error;
  }
}

// The exit code is set, not forced: output written to a pipe is flushed before the process ends.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`appset-set: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
