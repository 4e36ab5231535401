import { describe, expect, it } from "vitest";
import { type Command, History } from "../../web/src/shell/history.js";

/** A synchronous command that appends `value` to a list (and removes it on undo); `refuse` makes a step not happen. */
function push(list: string[], value: string, refuse: { execute?: boolean; undo?: boolean } = {}) {
  return {
    execute: () => {
      if (refuse.execute) return false;
      list.push(value);
    },
    undo: () => {
      if (refuse.undo) return false;
      list.splice(list.lastIndexOf(value), 1);
    },
  } satisfies Command;
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** An asynchronous command whose every step waits for the test to let it finish. */
function slow(list: string[], value: string) {
  const steps: { resolve: (ok: boolean) => void }[] = [];
  const step = (f: () => void) => {
    const d = deferred<boolean>();
    steps.push(d);
    return d.promise.then((ok) => {
      if (ok) f();
      return ok;
    });
  };
  return {
    steps,
    command: {
      execute: () => step(() => list.push(value)),
      undo: () => step(() => list.splice(list.lastIndexOf(value), 1)),
    } satisfies Command,
  };
}

describe("History (web/src/shell): one undo for every workspace", () => {
  it("synchronous commands: done, undone and redone at once, a new edit drops the redo stack", () => {
    const h = new History();
    const list: string[] = [];
    let changes = 0;
    h.changed.add(() => changes++);
    void h.execute(push(list, "a"));
    void h.execute(push(list, "b"));
    expect(list).toEqual(["a", "b"]);
    expect(changes).toBe(2);
    void h.undo();
    expect(list).toEqual(["a"]);
    expect(h.canRedo).toBe(true);
    void h.redo();
    expect(list).toEqual(["a", "b"]);
    void h.undo();
    void h.execute(push(list, "c"));
    expect(list).toEqual(["a", "c"]);
    expect(h.canRedo).toBe(false);
    void h.undo();
    void h.undo();
    expect(list).toEqual([]);
    expect(h.canUndo).toBe(false);
  });

  // decision 116
  it("a step that returns false did not happen: the stacks stay as they were", async () => {
    const h = new History();
    const list: string[] = [];
    expect(await h.execute(push(list, "a", { execute: false }))).toBe(true);
    expect(await h.execute(push(list, "x", { execute: true }))).toBe(false);
    expect(h.canUndo).toBe(true);
    expect(await h.undo()).toBe(true);
    expect(await h.undo()).toBe(false);
    const stuck = push(list, "s", { undo: true });
    await h.execute(stuck);
    expect(await h.undo()).toBe(false);
    expect(list).toEqual(["s"]);
    // Still the next to undo, and nothing to redo.
    expect(h.canUndo).toBe(true);
    expect(h.canRedo).toBe(false);
  });

  // decision 116
  it("an asynchronous command: busy until it ends, other steps refused meanwhile, then recorded", async () => {
    const h = new History();
    const list: string[] = [];
    const s = slow(list, "a");
    const done = h.execute(s.command);
    expect(h.busy).toBe(true);
    expect(h.canUndo).toBe(false);
    expect(await h.execute(push(list, "b"))).toBe(false);
    expect(list).toEqual([]);
    let idle = false;
    const waiting = h.idle().then(() => {
      idle = true;
    });
    await Promise.resolve();
    expect(idle).toBe(false);
    s.steps[0]!.resolve(true);
    expect(await done).toBe(true);
    await waiting;
    expect(idle).toBe(true);
    expect(h.busy).toBe(false);
    expect(list).toEqual(["a"]);
    const undone = h.undo();
    expect(h.canRedo).toBe(false);
    s.steps[1]!.resolve(true);
    expect(await undone).toBe(true);
    expect(list).toEqual([]);
    expect(h.canRedo).toBe(true);
  });

  it("an asynchronous step that fails, or ends after a clear, is not recorded", async () => {
    const h = new History();
    const list: string[] = [];
    const failing = slow(list, "a");
    const first = h.execute(failing.command);
    failing.steps[0]!.resolve(false);
    expect(await first).toBe(false);
    expect(h.canUndo).toBe(false);
    const cleared = slow(list, "b");
    const second = h.execute(cleared.command);
    h.clear();
    cleared.steps[0]!.resolve(true);
    expect(await second).toBe(false);
    // The edit itself ran (the file was written), but the cleared history does not offer it.
    expect(list).toEqual(["b"]);
    expect(h.canUndo).toBe(false);
  });
});
