import { describe, expect, it } from 'vitest';
import { dateLabelEvery } from './revenue-chart.tsx';

describe('the revenue chart’s date labels', () => {
  it('labels about six days on a wide chart: every day of a week, every 5th of a month, every 15th of a quarter', () => {
    // 640 px wide less the axes' labels.
    expect(dateLabelEvery(7, 548)).toBe(1);
    expect(dateLabelEvery(30, 548)).toBe(5);
    expect(dateLabelEvery(90, 548)).toBe(15);
  });

  it('labels fewer days on a phone, where the plot is about 230 px wide', () => {
    expect(dateLabelEvery(30, 234)).toBe(10);
    expect(dateLabelEvery(90, 234)).toBe(30);
    expect(dateLabelEvery(7, 200)).toBe(4);
  });
});
