import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import TextField from '@mui/material/TextField';
import {
  budgetLabels,
  inquiryContactSchema,
  inquiryRoomLabels,
  inquiryRooms,
  timelineLabels,
  timelines,
  wizardBudgets,
  type InquiryRoom,
} from '@site/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { LeadForm, LeadSubmitButton, useLeadForm } from '#web/components/lead-form.tsx';
import { visuallyHidden } from '#web/components/visually-hidden.ts';
import { textFieldProps } from '#web/lib/form-field.ts';
import { useToast } from '#web/lib/toast.tsx';
import { useCreateInquiry } from '../api/create-inquiry';
import { designLabel, type AttachedDesign } from '#web/lib/attached-design.ts';
import { clearWizard, emptyContact, initialWizardState, loadWizard, saveWizard, type WizardState } from '../hooks/wizard-storage';
import { ChoiceButton } from './choice-button';
import { stepCount, steps } from '../wizard-steps';

function ProgressDots({ step }: { step: number }) {
  return (
    <>
      <Box aria-hidden="true" sx={{ display: 'flex', gap: 1, mb: 2 }} data-testid="wizard-progress">
        {Array.from({ length: stepCount }, (_, index) => {
          const number = index + 1;
          const state = number === step ? 'current' : number < step ? 'complete' : 'upcoming';
          return (
            <Box
              key={number}
              data-state={state}
              sx={{
                width: state === 'current' ? 28 : 10,
                height: 10,
                borderRadius: 5,
                transition: 'width 0.2s ease',
                bgcolor: state === 'upcoming' ? '#d5d5d5' : 'primary.main',
                opacity: state === 'complete' ? 0.5 : 1,
              }}
            />
          );
        })}
      </Box>
      <Box sx={visuallyHidden}>
        Step {step} of {stepCount}
      </Box>
    </>
  );
}

const choiceGrid = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

interface InquiryWizardProps {
  open: boolean;
  onClose: () => void;
  /** After a successful submit, with the first name for the thank-you dialog. */
  onSubmitted: (firstName: string) => void;
  /** Once the closing animation has ended. */
  onExited?: () => void;
  /**
   * The showroom design the inquiry starts with (in place of one a reload kept); key the
   * wizard by it, as it is read when the wizard mounts.
   */
  design?: AttachedDesign | null;
  /** Opens without the fade: it takes the place of its first step the page drew before this code was in. */
  instant?: boolean;
}

/** The four-step project inquiry. */
export default function InquiryWizard({ open, onClose, onSubmitted, onExited, design: designAsked = null, instant }: InquiryWizardProps) {
  const [saved] = useState(loadWizard);
  const [design, setDesign] = useState<AttachedDesign | null>(designAsked ?? saved.design);
  const [step, setStep] = useState<WizardState['step']>(saved.step);
  const [rooms, setRooms] = useState<InquiryRoom[]>(saved.rooms);
  const [budget, setBudget] = useState<WizardState['budget']>(saved.budget);
  const [timeline, setTimeline] = useState<WizardState['timeline']>(saved.timeline);
  const form = useForm({
    resolver: zodResolver(inquiryContactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: saved.contact,
  });
  const contact = useWatch({ control: form.control });
  const mutation = useCreateInquiry();
  const lead = useLeadForm({
    open,
    onClose: () => {
      clearWizard();
      onClose();
    },
    onExited,
    reset: () => {
      setStep(initialWizardState.step);
      setRooms([]);
      setBudget('');
      setTimeline('');
      setDesign(null);
      form.reset(emptyContact);
      mutation.reset();
    },
  });
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // Survive an accidental reload while the wizard is open.
  useEffect(() => {
    if (open) saveWizard({ step, rooms, budget, timeline, contact: { ...emptyContact, ...contact }, design });
  }, [open, step, rooms, budget, timeline, contact, design]);

  // A new step is announced by moving focus to its title.
  useEffect(() => {
    if (shownStep.current !== step) heading.current?.focus();
    shownStep.current = step;
  }, [step]);

  const toggleRoom = (room: InquiryRoom) =>
    setRooms((current) =>
      current.includes(room)
        ? current.filter((value) => value !== room)
        : inquiryRooms.filter((value) => value === room || current.includes(value)),
    );

  const canContinue = step === 1 ? rooms.length > 0 : step === 2 ? budget !== '' : step === 3 ? timeline !== '' : true;
  const next = () => canContinue && step < stepCount && setStep((step + 1) as WizardState['step']);
  const back = () => step > 1 && setStep((step - 1) as WizardState['step']);

  // handleSubmit is called at submit time, not while rendering: the honeypot's value is
  // read from its element then.
  const submit = (event?: FormEvent) =>
    form.handleSubmit(async (values) => {
      if (rooms.length === 0 || budget === '' || timeline === '') return;
      const sent = await lead.finish();
      if (!sent) return;
      mutation.mutate(
        {
          rooms,
          budget,
          timeline,
          ...values,
          ...sent,
          ...(design ? { modelId: design.modelId, ...(design.variant ? { variant: design.variant } : {}) } : {}),
        },
        {
          onSuccess: () => {
            clearWizard();
            onSubmitted(values.firstName);
          },
          onError: () => toast({ title: 'Error', message: 'Failed to submit your inquiry. Please try again.', variant: 'error' }),
        },
      );
    })(event);

  const field = (name: 'firstName' | 'lastName' | 'email' | 'phone') => ({ ...textFieldProps(form, name), required: true });

  const { title, subtitle } = steps[step];
  return (
    <FormDialog
      {...lead.dialogProps}
      maxWidth="md"
      titleId="inquiry-title"
      subtitleId="inquiry-subtitle"
      title={title}
      subtitle={subtitle}
      before={<ProgressDots step={step} />}
      headingRef={heading}
      instant={instant}
    >
      <DialogContent sx={{ pt: 2 }}>
        {design ? (
          <Paper
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1, mb: 2, flexWrap: 'wrap' }}
          >
            <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>{`Design: ${designLabel(design)}`}</Typography>
            <Button size="small" onClick={() => setDesign(null)} aria-label={`Remove design ${designLabel(design)}`}>
              Remove
            </Button>
          </Paper>
        ) : null}
        {step === 1 ? (
          <Box component="ul" sx={choiceGrid} aria-label="Rooms">
            {inquiryRooms.map((room) => (
              <li key={room}>
                <ChoiceButton label={inquiryRoomLabels[room]} selected={rooms.includes(room)} onClick={() => toggleRoom(room)} />
              </li>
            ))}
          </Box>
        ) : null}
        {step === 2 ? (
          <Box component="ul" sx={choiceGrid} aria-label="Budget ranges">
            {wizardBudgets.map((value) => (
              <li key={value}>
                <ChoiceButton label={budgetLabels[value]} selected={budget === value} onClick={() => setBudget(value)} />
              </li>
            ))}
          </Box>
        ) : null}
        {step === 3 ? (
          <Box component="ul" sx={choiceGrid} aria-label="Timelines">
            {timelines.map((value) => (
              <li key={value}>
                <ChoiceButton label={timelineLabels[value]} selected={timeline === value} onClick={() => setTimeline(value)} />
              </li>
            ))}
          </Box>
        ) : null}
        {step === 4 ? (
          <LeadForm id="inquiry-contact-form" onSubmit={submit} {...lead.formProps}>
            <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
            <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
            <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
            <TextField label="Phone number" type="tel" autoComplete="tel" {...field('phone')} />
          </LeadForm>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1 }}>
        {step > 1 ? (
          <Button onClick={back} size="large" sx={{ mr: 'auto' }}>
            Back
          </Button>
        ) : null}
        {/* Distinct keys: reusing the Next button's element as the submit button would let
            the click that reaches step 4 submit the contact form at once. */}
        {step < stepCount ? (
          <Button key="next" variant="contained" size="large" onClick={next} disabled={!canContinue} sx={{ minWidth: 120 }}>
            Next
          </Button>
        ) : (
          <LeadSubmitButton
            key="submit"
            form="inquiry-contact-form"
            attachments={lead.attachments}
            sending={mutation.isPending}
            sendingText="Submitting..."
            sx={{ minWidth: 120 }}
          >
            Submit
          </LeadSubmitButton>
        )}
      </DialogActions>
    </FormDialog>
  );
}
