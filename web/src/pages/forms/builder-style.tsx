import { Controller, type UseFormReturn } from 'react-hook-form';
import {
  borderRadii,
  fontFamilies,
  formThemeLabels,
  formThemes,
  type BorderRadius,
  type FontFamily,
} from '@common/forms';
import { FieldFrame, inputClasses } from '../../components/field';
import { SelectField } from '../../components/select-field';
import { cn } from '../../lib/cn';
import type { FormDraft, SavedForm } from './form-draft';

type Builder = UseFormReturn<FormDraft, unknown, SavedForm>;

const radiusLabels: Record<BorderRadius, string> = {
  none: 'None',
  sm: 'Small',
  md: 'Medium',
  lg: 'Large',
  full: 'Full',
};
const fontLabels: Record<FontFamily, string> = { sans: 'Sans-serif', serif: 'Serif', mono: 'Monospace' };
const hex = /^#[0-9a-fA-F]{6}$/;

/** Theme, colours, corners, font and custom CSS of the public form (part 2 §3). */
export function BuilderStyle({ builder }: { builder: Builder }) {
  const {
    control,
    register,
    formState: { errors },
  } = builder;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Theme" error={errors.style?.theme?.message} {...register('style.theme')}>
          {formThemes.map((theme) => (
            <option key={theme} value={theme}>
              {formThemeLabels[theme]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Border radius"
          error={errors.style?.borderRadius?.message}
          {...register('style.borderRadius')}
        >
          {(Object.keys(borderRadii) as BorderRadius[]).map((radius) => (
            <option key={radius} value={radius}>
              {radiusLabels[radius]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Font family" error={errors.style?.fontFamily?.message} {...register('style.fontFamily')}>
          {(Object.keys(fontFamilies) as FontFamily[]).map((font) => (
            <option key={font} value={font}>
              {fontLabels[font]}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {(
          [
            ['style.primaryColor', 'Primary colour', errors.style?.primaryColor?.message],
            ['style.backgroundColor', 'Background colour', errors.style?.backgroundColor?.message],
          ] as const
        ).map(([name, label, error]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <FieldFrame label={label} error={error}>
                {(frame) => (
                  <div className="flex gap-2">
                    {/* The picker and the hex text edit the same value; the picker needs a full #rrggbb. */}
                    <input
                      type="color"
                      aria-label={`${label} picker`}
                      value={field.value && hex.test(field.value) ? field.value.toLowerCase() : '#000000'}
                      onChange={(event) => field.onChange(event.currentTarget.value.toUpperCase())}
                      className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 dark:border-slate-700 dark:bg-slate-950"
                    />
                    <input
                      {...frame}
                      ref={field.ref}
                      name={field.name}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      maxLength={7}
                      autoComplete="off"
                      spellCheck={false}
                      className={cn(inputClasses, 'font-mono uppercase')}
                    />
                  </div>
                )}
              </FieldFrame>
            )}
          />
        ))}
      </div>
      <FieldFrame
        label="Custom CSS"
        hint="Applies to this form only: every rule is limited to the form, and @import and url() are removed."
        error={errors.style?.customCss?.message}
      >
        {(frame) => (
          <textarea
            {...frame}
            rows={8}
            spellCheck={false}
            placeholder={'button {\n  text-transform: uppercase;\n}'}
            className={cn(inputClasses, 'resize-y font-mono text-xs')}
            {...register('style.customCss')}
          />
        )}
      </FieldFrame>
    </div>
  );
}
