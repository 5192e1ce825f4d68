// The researcher form kit: every researcher form is built from these Formik fields, each
// with a visible label, a hint and an error tied to the control by aria-describedby.
export { TextField, type TextFieldProps } from './TextField';
export { NumberField, type NumberFieldProps } from './NumberField';
export { SliderField, type SliderFieldProps } from './SliderField';
export { SelectField, type SelectFieldProps } from './SelectField';
export { RadioGroup, type RadioGroupProps } from './RadioGroup';
export { CheckboxGroup, type CheckboxGroupProps } from './CheckboxGroup';
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField';
export { FileField, type FileFieldProps } from './FileField';
export { MarkdownField, type MarkdownFieldProps } from './MarkdownField';
export { Section, type SectionProps } from './Section';
export { FormStatus, StatusClearsOnEdit, type FormStatusProps } from './FormStatus';
export type { Option } from './shared';
