import { describe, expect, it } from 'vitest';
import { InFlightGate } from './in-flight-gate.js';

describe('InFlightGate', () => {
  it('admits up to the limit, refuses beyond it, and admits again once a slot is released', () => {
    const gate = new InFlightGate(2);
    const a = gate.enter();
    const b = gate.enter();
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(gate.enter()).toBeNull();
    expect(gate.inFlight).toBe(2);
    a!();
    expect(gate.inFlight).toBe(1);
    expect(gate.enter()).not.toBeNull();
    expect(gate.enter()).toBeNull();
  });

  it('frees a slot exactly once however often its release runs', () => {
    const gate = new InFlightGate(1);
    const slot = gate.enter()!;
    const other = gate.enter();
    expect(other).toBeNull();
    slot();
    slot();
    slot();
    expect(gate.inFlight).toBe(0);
    const again = gate.enter()!;
    expect(gate.enter()).toBeNull();
    again();
    expect(gate.inFlight).toBe(0);
  });

  it('once closed refuses every new request, limit or not, and still frees the slots held', () => {
    const gate = new InFlightGate(0);
    const held = gate.enter()!;
    gate.close();
    expect(gate.closed).toBe(true);
    expect(gate.enter()).toBeNull();
    held();
    expect(gate.inFlight).toBe(0);
    expect(gate.enter()).toBeNull();
  });

  it('with limit 0 counts but never refuses', () => {
    const gate = new InFlightGate(0);
    const slots = Array.from({ length: 1000 }, () => gate.enter());
    expect(slots.every((s) => s !== null)).toBe(true);
    expect(gate.inFlight).toBe(1000);
    for (const s of slots) s!();
    expect(gate.inFlight).toBe(0);
  });
});
