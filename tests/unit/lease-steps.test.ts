import { describe, expect, it } from 'vitest';
import { leaseSteps, type LeaseStep } from '../../src/shared/contract/lease.ts';
import { canGoBack, initialLeaseStep, nextLeaseStep, type LeaseEvent } from '../../src/web/features/lease/step-machine.ts';
import { padHeight, rescaleStrokes } from '../../src/web/features/lease/signature-strokes.ts';

describe('lease step flow (SPEC §4)', () => {
  it.each<[LeaseStep, LeaseEvent, LeaseStep]>([
    ['summary', 'accept-offer', 'info'],
    ['info', 'info-submitted', 'contract'],
    ['contract', 'proceed-to-sign', 'signature'],
    ['signature', 'signed', 'completed'],
    ['signature', 'continue-after-signed', 'completed'],
    ['info', 'back', 'summary'],
    ['signature', 'back', 'contract'],
  ])('%s + %s → %s', (step, event, next) => {
    expect(nextLeaseStep(step, event)).toBe(next);
  });

  it.each<[LeaseStep, LeaseEvent]>([
    ['summary', 'back'],
    ['contract', 'back'],
    ['completed', 'back'],
    ['summary', 'signed'],
    ['info', 'proceed-to-sign'],
    ['contract', 'signed'],
    ['completed', 'accept-offer'],
  ])('%s ignores %s', (step, event) => {
    expect(nextLeaseStep(step, event)).toBe(step);
  });

  it('has back moves only from info and signature', () => {
    expect(leaseSteps.filter(canGoBack)).toEqual(['info', 'signature']);
  });

  it.each<[LeaseStep | undefined, string, LeaseStep, boolean]>([
    [undefined, 'new', 'summary', false],
    [undefined, 'contract_generated', 'contract', true],
    [undefined, 'signed', 'completed', false],
    ['summary', 'new', 'summary', false],
    // The summary is never restored: an offer with its contract generated reopens at the contract.
    ['summary', 'contract_generated', 'contract', true],
    ['info', 'new', 'info', false],
    ['info', 'contract_generated', 'info', false],
    ['contract', 'contract_generated', 'contract', false],
    ['signature', 'contract_generated', 'signature', false],
    // Signed (here or on another device) before this device stored the step: completed, stored now.
    ['signature', 'signed', 'completed', true],
    ['contract', 'signed', 'completed', true],
    ['summary', 'signed', 'completed', true],
    ['completed', 'signed', 'completed', false],
  ])('saved %s with status %s opens at %s (saved again: %s)', (saved, status, step, save) => {
    expect(initialLeaseStep(saved, status)).toEqual({ step, save });
  });
});

describe('signature strokes across a resize', () => {
  const strokes = [
    [
      { x: 10, y: 20, time: 1, color: 'black' },
      { x: 100, y: 150, time: 2, color: 'black' },
    ],
    [{ x: 300, y: 60, time: 3, color: 'black' }],
  ];

  it('moves every point in proportion to the new size, keeping the rest of the point', () => {
    expect(rescaleStrokes(strokes, { width: 400, height: 200 }, { width: 800, height: 300 })).toEqual([
      [
        { x: 20, y: 30, time: 1, color: 'black' },
        { x: 200, y: 225, time: 2, color: 'black' },
      ],
      [{ x: 600, y: 90, time: 3, color: 'black' }],
    ]);
  });

  it('keeps the points as they are when there was no size before', () => {
    expect(rescaleStrokes(strokes, { width: 0, height: 0 }, { width: 800, height: 300 })).toEqual(strokes);
  });

  it('does not change the strokes it was given', () => {
    const copy = structuredClone(strokes);
    rescaleStrokes(strokes, { width: 400, height: 200 }, { width: 100, height: 50 });
    expect(strokes).toEqual(copy);
  });

  it.each([
    [0, 180],
    [300, 180],
    [450, 180],
    [451, 180],
    [500, 200],
    [760, 304],
    [800, 320],
    [1200, 320],
  ])('a pad %i px wide is %i px tall', (width, height) => {
    expect(padHeight(width)).toBe(height);
  });
});
