import { COLOR_PRESETS } from '@store/contracts';
import { TextField } from '@store/ui';
import { isHexColor, normalizeHex } from './settings-draft.ts';
import * as styles from './settings.css.ts';

export interface ColourSettingsProps {
  primary: string;
  secondary: string;
  /** The last saved colours: what the pickers show while a typed hex is incomplete. */
  savedPrimary: string;
  savedSecondary: string;
  onChange: (colours: { primary_color?: string; secondary_color?: string }) => void;
  /** Checks a typed colour when its field is left. */
  onCheck: (field: 'primary_color' | 'secondary_color', value: string) => void;
  errors: { primary_color?: string | undefined; secondary_color?: string | undefined };
}

const matches = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The six presets (both colours at once, exact hex values) and a picker plus hex text for each colour, kept in step. */
export function ColourSettings({ primary, secondary, savedPrimary, savedSecondary, onChange, onCheck, errors }: ColourSettingsProps) {
  return (
    <>
      <div role="group" aria-label="Colour presets" className={styles.presets}>
        {COLOR_PRESETS.map((preset) => (
          <button
            key={preset.name}
            type="button"
            className={styles.preset}
            aria-label={`${preset.name} preset`}
            aria-pressed={matches(primary, preset.primary) && matches(secondary, preset.secondary)}
            title={`${preset.name}: ${preset.primary} / ${preset.secondary}`}
            onClick={() => onChange({ primary_color: preset.primary, secondary_color: preset.secondary })}
          >
            <span className={styles.swatches} aria-hidden="true">
              <span className={styles.swatch} style={{ background: preset.primary }} />
              <span className={styles.swatch} style={{ background: preset.secondary }} />
            </span>
            {preset.name}
          </button>
        ))}
      </div>
      <div className={styles.colourGrid}>
        <ColourField
          label="Primary colour"
          name="primary_color"
          value={primary}
          fallback={savedPrimary}
          error={errors.primary_color}
          onChange={(value) => onChange({ primary_color: value })}
          onCheck={(value) => onCheck('primary_color', value)}
        />
        <ColourField
          label="Secondary colour"
          name="secondary_color"
          value={secondary}
          fallback={savedSecondary}
          error={errors.secondary_color}
          onChange={(value) => onChange({ secondary_color: value })}
          onCheck={(value) => onCheck('secondary_color', value)}
        />
      </div>
    </>
  );
}

interface ColourFieldProps {
  label: string;
  name: string;
  value: string;
  fallback: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onCheck: (value: string) => void;
}

function ColourField({ label, name, value, fallback, error, onChange, onCheck }: ColourFieldProps) {
  // A colour input only holds #rrggbb (lower case); while the text is incomplete it keeps the saved colour.
  const pickerValue = (isHexColor(value) ? value : isHexColor(fallback) ? fallback : '#000000').toLowerCase();
  return (
    <div className={styles.colourField}>
      <input type="color" aria-label={`${label} picker`} className={styles.colourPicker} value={pickerValue} onChange={(event) => onChange(event.target.value)} />
      <TextField
        label={`${label} (hex)`}
        name={name}
        className={styles.colourText}
        placeholder="#0ea5e9"
        maxLength={7}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="none"
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
        onBlur={(event) => {
          const normalized = normalizeHex(event.target.value);
          if (normalized !== event.target.value) onChange(normalized);
          onCheck(normalized);
        }}
      />
    </div>
  );
}
