/**
 * Messages with named arguments: a diagnostic's English sentence and the
 * values it names, so another language's template (`{frame}` placeholders)
 * can say everything the English says. A report site writes
 * `` msg`frame '${{ frame: name }}' has ${{ count: n }} points` ``: each
 * `${{ name: value }}` is both text of the English message and a named
 * argument; a plain `${value}` is text only.
 */

/** A named argument's value. */
export type ArgValue = string | number;

/** The named arguments of a message, by name. */
export type MessageArgs = Readonly<Record<string, ArgValue>>;

/** A message: its English text and the arguments it names. */
export interface Message {
  readonly text: string;
  readonly args: MessageArgs;
}

/** What a {@link msg} template may interpolate: text, or one `{ name: value }` argument. */
export type MessagePart = ArgValue | MessageArgs;

/**
 * Builds a {@link Message} from a template: `${{ name: value }}` interpolates
 * `value` and names it `name` (an object with several entries names each and
 * joins their values with ", "); any other value is plain text.
 */
export function msg(strings: TemplateStringsArray, ...parts: readonly MessagePart[]): Message {
  let text = strings[0] ?? "";
  const args: Record<string, ArgValue> = {};
  parts.forEach((part, i) => {
    if (typeof part === "object" && part !== null) {
      const values = Object.entries(part).map(([name, value]) => {
        args[name] = value;
        return String(value);
      });
      text += values.join(", ");
    } else {
      text += String(part);
    }
    text += strings[i + 1] ?? "";
  });
  return { text, args };
}

/** A message as given to a reporter: plain English text, or a {@link Message}. */
export type MessageInput = string | Message;

/** The English text and (possibly empty) arguments of a reported message. */
export function messageParts(m: MessageInput): Message {
  return typeof m === "string" ? { text: m, args: {} } : m;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholder names of a template (`{frame}` → `frame`), in order, without repeats. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The template with each `{name}` replaced by `args[name]`, or undefined when
 * an argument it names is missing (the caller then falls back to the English).
 */
export function fillTemplate(template: string, args: MessageArgs | undefined): string | undefined {
  if (placeholders(template).some((name) => args?.[name] === undefined)) return undefined;
  return template.replace(PLACEHOLDER, (_, name: string) => String(args![name]));
}
