// How `appset-set` reads and explains its command lines.
import { parseArgs } from 'node:util';
import { UsageError } from './io';

/** One flag of a command: how `parseArgs` reads it and how `--help` shows it. */
export interface Flag {
  type: 'string' | 'boolean';
  multiple?: boolean;
  /** The value's placeholder in `--help`, e.g. `FILE`. */
  value?: string;
  /** The help text. */
  help: string;
  /** An example value, for the error of a flag given without one. */
  example?: string;
  required?: boolean;
}

/** A command: its flags, what it does, and what it runs. */
export interface Command {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The positional arguments in the usage line, e.g. `[TOKEN]`. */
  positionals?: string;
  /** What `--help` says after the usage line. */
  description: string;
  flags: Record<string, Flag>;
  run(values: Record<string, string | string[] | boolean | undefined>, positionals: string[]): Promise<number>;
}

/** The help of one command: usage, description, then each flag. */
export function commandHelp(command: Command): string {
  const rows = Object.entries({ ...command.flags, help: { type: 'boolean', help: 'show this help' } as Flag }).map(([name, flag]) => ({
    left: `--${name}${flag.value ? ` ${flag.value}` : ''}`,
    help: `${flag.help}${flag.required ? ' (required)' : ''}${flag.multiple ? ' (repeatable)' : ''}`,
  }));
  const width = Math.max(...rows.map((row) => row.left.length)) + 2;
  const options = rows.map(({ left, help }) => `  ${left.padEnd(width)}${help}`).join('\n');
  const positionals = command.positionals ? ` ${command.positionals}` : '';
  return `Usage: appset-set ${command.name} [options]${positionals}\n\n${command.description}\n\nOptions:\n${options}\n`;
}

/** Turns a `parseArgs` error into a sentence that says what to write instead. */
function usageError(command: Command, error: unknown): UsageError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? '';
  const help = `run appset-set ${command.name} --help to see its options`;
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new UsageError(`unknown option ${flag}; ${help}.`);
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return new UsageError(`unexpected argument; every value follows its option; ${help}.`);
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return new UsageError(`${flag} takes no value; write it alone.`);
    const example = command.flags[flag.replace(/^--/, '')]?.example ?? 'VALUE';
    return new UsageError(`${flag} needs a value, e.g. ${flag} ${example}.`);
  }
  return new UsageError(`${message}; ${help}.`);
}

/** Parses a command's arguments: `help` when asked for, else the values, every required flag checked. */
export function parseCommand(
  command: Command,
  args: string[],
): { help: true } | { help: false; values: Record<string, string | string[] | boolean | undefined>; positionals: string[] } {
  const options = Object.fromEntries(
    Object.entries({ ...command.flags, help: { type: 'boolean', help: '' } as Flag }).map(([name, flag]) => [
      name,
      { type: flag.type, ...(flag.multiple ? { multiple: true } : {}), ...(name === 'help' ? { short: 'h' } : {}) },
    ]),
  );
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: options as never, strict: true, allowPositionals: command.positionals !== undefined });
  } catch (error) {
    throw usageError(command, error);
  }
  const values = parsed.values as Record<string, string | string[] | boolean | undefined>;
  if (values.help === true) return { help: true };
  for (const [name, flag] of Object.entries(command.flags)) {
    if (flag.required && values[name] === undefined) {
      throw new UsageError(`--${name} is required: ${flag.help}, e.g. --${name} ${flag.example ?? flag.value ?? 'VALUE'}.`);
    }
  }
  return { help: false, values, positionals: parsed.positionals };
}

/** A flag's value as a whole number within bounds, or a usage error naming the flag. */
export function wholeNumber(values: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const value = values[name];
  if (value === undefined) return undefined;
  const number = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || number < min || number > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${String(value).slice(0, 40)}").`);
  }
  return number;
}
