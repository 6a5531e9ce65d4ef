import { Button, IconButton, PlusIcon, TrashIcon } from '@store/ui';
import toast from 'react-hot-toast';
import { addFeature, addRequirement } from './product-draft.ts';
import * as styles from './products.css.ts';

export interface FeatureListProps {
  features: readonly string[];
  onChange: (features: string[]) => void;
  error?: string | undefined;
}

/** Features, each added through a prompt (an empty answer or cancel adds nothing) and removable. */
export function FeatureList({ features, onChange, error }: FeatureListProps) {
  const add = () => {
    const result = addFeature(features, window.prompt('Enter feature'));
    if (result.problem) toast.error(result.problem);
    else if (result.features.length !== features.length) onChange(result.features);
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Features</legend>
      <div className={styles.sectionHead}>
        <span className={styles.hint}>Listed on the product page; the first two show on its card.</span>
        <Button variant="secondary" size="sm" onClick={add}>
          <PlusIcon size={16} /> Add feature
        </Button>
      </div>
      {features.length > 0 ? (
        <ul className={styles.chipList} aria-label="Features">
          {features.map((feature, index) => (
            <li key={`${feature}-${index}`} className={styles.chip}>
              <span className={styles.chipText}>{feature}</span>
              <IconButton
                label={`Remove feature ${feature}`}
                icon={<TrashIcon size={16} />}
                size="sm"
                onClick={() => onChange(features.filter((_, position) => position !== index))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>No features yet.</p>
      )}
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

export interface RequirementListProps {
  requirements: readonly [string, string][];
  onChange: (requirements: [string, string][]) => void;
  error?: string | undefined;
}

/** System requirements as name and value pairs, asked for by two prompts; both parts are needed. */
export function RequirementList({ requirements, onChange, error }: RequirementListProps) {
  const add = () => {
    const name = window.prompt('Enter requirement name (e.g. OS, RAM, Storage)');
    // Cancel or an empty name ends it: no second question.
    if (!name?.trim()) return;
    const value = window.prompt(`Enter value for ${name.trim()}`);
    const result = addRequirement(requirements, name, value);
    if (result.problem) toast.error(result.problem);
    else onChange(result.requirements);
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>System requirements</legend>
      <div className={styles.sectionHead}>
        <span className={styles.hint}>A name and a value each, e.g. OS: Windows 10 or later.</span>
        <Button variant="secondary" size="sm" onClick={add}>
          <PlusIcon size={16} /> Add requirement
        </Button>
      </div>
      {requirements.length > 0 ? (
        <ul className={styles.chipList} aria-label="System requirements">
          {requirements.map(([name, value]) => (
            <li key={name} className={styles.chip}>
              <span className={styles.chipText}>
                <span className={styles.requirementName}>{name}</span>: {value}
              </span>
              <IconButton
                label={`Remove requirement ${name}`}
                icon={<TrashIcon size={16} />}
                size="sm"
                onClick={() => onChange(requirements.filter(([other]) => other !== name))}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.hint}>No requirements yet.</p>
      )}
      {error && (
        <span role="alert" className={styles.error}>
          {error}
        </span>
      )}
    </fieldset>
  );
}
