/**
 * The signal condition of a rule (`"when": "loud > 0.8"`): `NAME OP NUMBER`,
 * white space allowed around each part. NAME is a letter or `_`, then
 * letters, digits, `_`, `.` or `-`; OP one of `>`, `>=`, `<`, `<=`; NUMBER a
 * decimal (JSON-like, an optional sign, an optional exponent). Never throws.
 */
import type { SignalOp } from "./model.js";

/** A parsed condition. */
export interface Condition {
  readonly signal: string;
  readonly op: SignalOp;
  readonly value: number;
}

/** Why a condition does not parse: a message and where (indices into the condition string). */
export interface ConditionError {
  readonly message: string;
  readonly start: number;
  readonly end: number;
}

/** A whole signal name (the NAME of the grammar). */
export const SIGNAL_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const NAME_AT = /[A-Za-z_][A-Za-z0-9_.-]*/y;
const NUMBER_AT = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;

function isSpace(c: string | undefined): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r";
}

function describe(s: string, i: number): string {
  return i >= s.length ? "the end of the condition" : `'${s[i]}'`;
}

/** Parses a condition, or says at which character it fails. */
export function parseCondition(s: string): Condition | ConditionError {
  let i = 0;
  const skip = () => {
    while (isSpace(s[i])) i++;
  };
  const fail = (what: string): ConditionError => ({
    message: `expected ${what}, found ${describe(s, i)}`,
    start: i,
    end: Math.min(i + 1, s.length),
  });
  skip();
  NAME_AT.lastIndex = i;
  const name = NAME_AT.exec(s);
  if (!name) return fail("a signal name (a letter or '_' first)");
  const signal = name[0];
  i += signal.length;
  skip();
  let op: SignalOp;
  if (s[i] === ">" || s[i] === "<") {
    op = (s[i + 1] === "=" ? `${s[i]}=` : s[i]) as SignalOp;
    i += op.length;
  } else return fail(`one of > >= < <= after '${signal}'`);
  skip();
  NUMBER_AT.lastIndex = i;
  const number = NUMBER_AT.exec(s);
  if (!number) return fail(`a number after '${op}'`);
  const value = Number(number[0]);
  if (!Number.isFinite(value)) {
    return {
      message: `the number '${number[0]}' is out of range`,
      start: i,
      end: i + number[0].length,
    };
  }
  i += number[0].length;
  skip();
  if (i < s.length) return fail("the end of the condition after the number");
  return { signal, op, value: value === 0 ? 0 : value };
}

/** Whether {@link parseCondition} failed. */
export function isConditionError(c: Condition | ConditionError): c is ConditionError {
  return "message" in c;
}

/** The condition as the writer puts it: `NAME OP NUMBER`, single spaces. */
export function formatCondition(c: Condition): string {
  return `${c.signal} ${c.op} ${String(c.value)}`;
}
