import { describe, expect, it } from 'vitest';
import { vars } from './theme.css.ts';
import { COLOR_PRESETS } from '@store/contracts';
import { darkTokens } from './tokens.ts';
import { accentTextOnDark, contrastRatio, fontStack, parseHexColor, readableTextOn, themeVars } from './theme-vars.ts';

/** `var(--x)` to the property name `--x` that an inline style sets. */
const property = (cssVar: string) => cssVar.slice('var('.length, -1);

describe('themeVars', () => {
  it('maps the site colours and font to the theme variables', () => {
    const style = themeVars({ primary_color: '#8b5cf6', secondary_color: '#F59E0B', font_family: 'Open Sans' });

    expect(style[property(vars.color.primary)]).toBe('#8b5cf6');
    expect(style[property(vars.color.secondary)]).toBe('#f59e0b');
    expect(style[property(vars.font.body)]).toMatch(/^"Open Sans", system-ui/);
  });

  it('picks a readable text colour for buttons in the site colours', () => {
    const style = themeVars({ primary_color: '#7c3aed', secondary_color: '#0ea5e9' });

    expect(style[property(vars.color.primaryContrast)]).toBe('#ffffff');
    expect(style[property(vars.color.secondaryContrast)]).toBe('#04121f');
  });

  it('ignores a malformed colour and keeps the default theme value', () => {
    const style = themeVars({ primary_color: 'red; background: url(x)', secondary_color: '#12345', font_family: 'Inter' });

    expect(style).not.toHaveProperty(property(vars.color.primary));
    expect(style).not.toHaveProperty(property(vars.color.primaryContrast));
    expect(style).not.toHaveProperty(property(vars.color.secondary));
    expect(style[property(vars.font.body)]).toMatch(/^"Inter"/);
  });

  it('sets nothing when there is no site information', () => {
    expect(themeVars(undefined)).toEqual({});
    expect(themeVars(null)).toEqual({});
  });

  it('applies to an element as inline custom properties', () => {
    const element = document.createElement('div');
    for (const [name, value] of Object.entries(themeVars({ primary_color: '#ef4444' }))) element.style.setProperty(name, value);

    expect(element.style.getPropertyValue(property(vars.color.primary))).toBe('#ef4444');
  });
});

describe('parseHexColor', () => {
  it('expands the short form and lower-cases', () => {
    expect(parseHexColor('#0AF')).toBe('#00aaff');
    expect(parseHexColor(' #0ea5e9 ')).toBe('#0ea5e9');
  });

  it('refuses names, functions and wrong lengths', () => {
    for (const value of ['blue', 'rgb(0,0,0)', '#0ea5e', '#0ea5e9ff', '', 42, null]) expect(parseHexColor(value)).toBeNull();
  });
});

describe('readableTextOn', () => {
  it('uses dark ink on light colours and white on dark ones', () => {
    expect(readableTextOn('#f97316')).toBe('#04121f');
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
  });

  it('reaches 4.5:1 on every preset colour, with black where neither white nor the dark ink does', () => {
    for (const preset of COLOR_PRESETS) {
      for (const colour of [preset.primary, preset.secondary]) {
        expect(contrastRatio(colour, readableTextOn(colour)), `${preset.name} ${colour}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    // The Purple preset's primary: white 4.2:1, the dark ink 4.47:1.
    expect(readableTextOn('#8b5cf6')).toBe('#000000');
  });

  it('reaches 4.5:1 on any colour (black or white always can: the worst case is 4.58:1)', () => {
    for (let value = 0; value <= 0xffffff; value += 0x010307) {
      const colour = `#${value.toString(16).padStart(6, '0')}`;
      expect(contrastRatio(colour, readableTextOn(colour)), colour).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('accentTextOnDark', () => {
  it('keeps a colour that reads on every surface, and lightens one that does not until it reaches 4.5:1', () => {
    expect(accentTextOnDark('#0ea5e9')).toBe('#0ea5e9');
    const purple = accentTextOnDark('#8b5cf6');
    expect(purple).not.toBe('#8b5cf6');
    expect(contrastRatio('#8b5cf6', darkTokens.color.surfaceRaised)).toBeLessThan(4.5);
    for (const surface of [darkTokens.color.background, darkTokens.color.surface, darkTokens.color.surfaceRaised]) {
      expect(contrastRatio(purple, surface)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('reaches 4.5:1 on the lightest surface for every preset and any colour', () => {
    const colours: string[] = COLOR_PRESETS.flatMap((preset) => [preset.primary, preset.secondary]);
    for (let value = 0; value <= 0xffffff; value += 0x010307) colours.push(`#${value.toString(16).padStart(6, '0')}`);
    for (const colour of colours) expect(contrastRatio(accentTextOnDark(colour), darkTokens.color.surfaceRaised), colour).toBeGreaterThanOrEqual(4.5);
  });
});

describe('fontStack', () => {
  it('refuses anything that is not a plain family name', () => {
    expect(fontStack('Inter"; color: red')).toBeNull();
    expect(fontStack('   ')).toBeNull();
    expect(fontStack(undefined)).toBeNull();
  });
});
