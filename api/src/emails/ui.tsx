// Each component from its own package, not the @react-email/components barrel: the barrel loads every component,
// the code block's prismjs with all its languages among them, which cost about a second at every start.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import * as commonMessages from '@checkout/shared/messages/common';
import type { CSSProperties, ReactNode } from 'react';
import { sentByLine, type MailSender } from './render';

/**
 * The pieces every email is built from. Mail clients ignore stylesheets and media queries unevenly, so everything is
 * inline, laid out with tables (react-email's Section/Row/Column), one column that fills a phone and stops at 600 px.
 * Colours are the checkout's (shared/src/ui/styles.css), with AA contrast on white.
 */
export const colours = {
  page: '#f4f5f7',
  card: '#ffffff',
  text: '#1d2130',
  muted: '#545b6b',
  line: '#dde0e6',
  primary: '#1b4fd8',
  onPrimary: '#ffffff',
  successBg: '#e7f6ec',
  successFg: '#14532d',
  infoBg: '#e8f0fe',
  infoFg: '#123a8a',
  warningBg: '#fff4e0',
  warningFg: '#6b3d00',
} as const;

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: colours.page, margin: 0, padding: '24px 0', fontFamily: font, color: colours.text },
  container: { maxWidth: '600px', width: '100%', margin: '0 auto' },
  brand: { padding: '0 24px 12px', fontSize: '15px', fontWeight: 700, color: colours.text, letterSpacing: '0.01em' },
  mark: {
    display: 'inline-block',
    width: '12px',
    height: '12px',
    borderRadius: '3px',
    backgroundColor: colours.primary,
    marginRight: '8px',
    verticalAlign: 'middle',
  },
  card: {
    backgroundColor: colours.card,
    borderRadius: '8px',
    border: `1px solid ${colours.line}`,
    padding: '28px 24px',
    borderTop: `4px solid ${colours.primary}`,
  },
  h1: { fontSize: '24px', lineHeight: '1.3', margin: '0 0 12px', fontWeight: 700, color: colours.text },
  h2: { fontSize: '17px', lineHeight: '1.35', margin: '28px 0 10px', fontWeight: 700, color: colours.text },
  p: { fontSize: '15px', lineHeight: '1.55', margin: '0 0 14px', color: colours.text },
  small: { fontSize: '13px', lineHeight: '1.5', margin: '0 0 8px', color: colours.muted },
  footer: { fontSize: '12px', lineHeight: '1.5', color: colours.muted, margin: '0 0 6px', padding: '0 24px' },
  hr: { borderColor: colours.line, margin: '20px 0' },
  button: {
    backgroundColor: colours.primary,
    color: colours.onPrimary,
    borderRadius: '6px',
    fontSize: '15px',
    fontWeight: 700,
    padding: '13px 22px',
    textDecoration: 'none',
    display: 'inline-block',
  },
  link: { color: colours.primary, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

export interface FrameProps {
  /** Who the email is from (the marketplace's name) and whether the deployment takes test money. */
  sender: MailSender;
  /** The line inboxes show after the subject. */
  preview: string;
  children: ReactNode;
  /** Why the buyer got this email, in a sentence. */
  footer: ReactNode;
}

export function Frame({ sender, preview, children, footer }: FrameProps) {
  return (
    <Html lang="en-GB" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {sender.testMode ? <TestModeNote /> : null}
          <Text style={styles.brand}>
            <span style={styles.mark} />
            {sender.brand}
          </Text>
          <Section style={styles.card}>{children}</Section>
          <Section style={{ paddingTop: '16px' }}>
            <Text style={styles.footer}>{footer}</Text>
            <Text style={styles.footer}>{sentByLine(sender.brand)}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The TEST MODE strip above everything: a mail client may drop the role, so the words alone must say it. */
function TestModeNote() {
  return (
    <Section
      role="note"
      style={{
        backgroundColor: colours.warningBg,
        border: `2px dashed ${colours.warningFg}`,
        borderRadius: '6px',
        padding: '10px 16px',
        margin: '0 0 16px',
      }}
    >
      <Text style={{ ...styles.p, color: colours.warningFg, fontWeight: 700, textAlign: 'center', margin: 0 }}>
        {commonMessages.testModeNotice}
      </Text>
    </Section>
  );
}

export const H1 = ({ children }: { children: ReactNode }) => (
  <Heading as="h1" style={styles.h1}>
    {children}
  </Heading>
);

export const H2 = ({ children }: { children: ReactNode }) => (
  <Heading as="h2" style={styles.h2}>
    {children}
  </Heading>
);

export const P = ({ children, style }: { children: ReactNode; style?: CSSProperties }) => (
  <Text style={{ ...styles.p, ...style }}>{children}</Text>
);

export const Small = ({ children, style }: { children: ReactNode; style?: CSSProperties }) => (
  <Text style={{ ...styles.small, ...style }}>{children}</Text>
);

export const Rule = () => <Hr style={styles.hr} />;

/** A link; one written out as its address may break anywhere, so a long one never widens a phone's screen. */
export const A = ({ href, children }: { href: string; children: ReactNode }) => (
  <Link href={href} style={{ ...styles.link, ...(children === href ? { wordBreak: 'break-all' as const } : {}) }}>
    {children}
  </Link>
);

/** The one thing the email asks the buyer to do. */
export const Action = ({ href, children }: { href: string; children: ReactNode }) => (
  <Section style={{ margin: '6px 0 20px' }}>
    <Button href={href} style={styles.button}>
      {children}
    </Button>
  </Section>
);

/** A coloured note: what went well, what to know, what needs doing. */
export function Note({ tone, children }: { tone: 'success' | 'info' | 'warning'; children: ReactNode }) {
  const [background, colour] =
    tone === 'success'
      ? [colours.successBg, colours.successFg]
      : tone === 'info'
        ? [colours.infoBg, colours.infoFg]
        : [colours.warningBg, colours.warningFg];
  return (
    <Section style={{ backgroundColor: background, borderRadius: '6px', padding: '12px 16px', margin: '0 0 18px' }}>
      <Text style={{ ...styles.p, color: colour, margin: 0 }}>{children}</Text>
    </Section>
  );
}

/** Label and value side by side (reference, date, payment). */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Section style={{ margin: '0 0 8px' }}>
      {rows.map(([label, value]) => (
        <Row key={label}>
          <Column
            style={{
              width: '128px',
              verticalAlign: 'top',
              padding: '4px 12px 4px 0',
              fontSize: '14px',
              lineHeight: '1.45',
              color: colours.muted,
            }}
          >
            {label}
          </Column>
          <Column
            style={{
              verticalAlign: 'top',
              padding: '4px 0',
              fontSize: '14px',
              lineHeight: '1.45',
              color: colours.text,
              fontWeight: 600,
              wordBreak: 'break-word',
            }}
          >
            {value}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

export interface MoneyRow {
  label: string;
  /** Small print under the label. */
  details?: readonly string[];
  amount: string;
  /** Discounts and vouchers paid with: shown in the success colour. */
  credit?: boolean;
}

/** Lines of a receipt: what each thing cost, right-aligned, then the total in bold. */
export function MoneyTable({
  rows,
  totalLabel,
  total,
}: {
  rows: readonly MoneyRow[];
  totalLabel: string;
  total: string;
}) {
  const cell: CSSProperties = { verticalAlign: 'top', padding: '10px 0', borderBottom: `1px solid ${colours.line}` };
  return (
    <Section style={{ margin: '0 0 8px' }}>
      {rows.map((row, index) => (
        <Row key={`${index}-${row.label}`}>
          <Column style={{ ...cell, paddingRight: '12px' }}>
            <Text style={{ ...styles.p, margin: 0, fontSize: '15px' }}>{row.label}</Text>
            {(row.details ?? []).map((detail) => (
              <Text key={detail} style={{ ...styles.small, margin: '2px 0 0' }}>
                {detail}
              </Text>
            ))}
          </Column>
          <Column
            style={{
              ...cell,
              width: '96px',
              textAlign: 'right',
              whiteSpace: 'nowrap',
              fontSize: '15px',
              lineHeight: '1.55',
              color: row.credit ? colours.successFg : colours.text,
            }}
          >
            {row.amount}
          </Column>
        </Row>
      ))}
      <Row>
        <Column style={{ padding: '14px 12px 4px 0', fontSize: '17px', lineHeight: '1.4', fontWeight: 700 }}>
          {totalLabel}
        </Column>
        <Column
          style={{
            padding: '14px 0 4px',
            width: '96px',
            textAlign: 'right',
            whiteSpace: 'nowrap',
            fontSize: '17px',
            lineHeight: '1.4',
            fontWeight: 700,
          }}
        >
          {total}
        </Column>
      </Row>
    </Section>
  );
}

/** A boxed block (an event with its tickets, a transfer's tickets). */
export const Panel = ({ children }: { children: ReactNode }) => (
  <Section
    style={{
      border: `1px solid ${colours.line}`,
      borderRadius: '8px',
      padding: '16px 18px',
      margin: '0 0 14px',
      backgroundColor: '#fbfbfc',
    }}
  >
    {children}
  </Section>
);

/** An event's name, when and where: the same block in every email that is about an event. */
export function EventDetails({
  title,
  when,
  venue,
  address,
  organiser,
}: {
  title: string;
  when: string;
  venue: string;
  address?: string | null;
  organiser?: string | null;
}) {
  return (
    <>
      <Text style={{ ...styles.p, fontSize: '17px', fontWeight: 700, margin: '0 0 4px' }}>{title}</Text>
      <Text style={{ ...styles.p, margin: '0 0 2px' }}>{when}</Text>
      <Text style={{ ...styles.p, margin: address ? '0 0 2px' : '0 0 6px' }}>{venue}</Text>
      {address && address !== venue ? <Text style={{ ...styles.small, margin: '0 0 6px' }}>{address}</Text> : null}
      {organiser ? <Text style={{ ...styles.small, margin: '0 0 6px' }}>Organised by {organiser}</Text> : null}
    </>
  );
}

/** A ticket: its name and seat, and its code large enough to read out at the door. */
export function TicketLine({ name, seat, code }: { name: string; seat: string | null; code: string }) {
  return (
    <Section style={{ borderTop: `1px dashed ${colours.line}`, padding: '10px 0 2px' }}>
      <Text style={{ ...styles.p, margin: '0 0 2px', fontWeight: 600 }}>{seat ? `${name}, ${seat}` : name}</Text>
      <Text style={{ ...styles.small, margin: '0' }}>Ticket code</Text>
      <Text
        style={{
          ...styles.p,
          margin: '0 0 4px',
          fontFamily: "'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
          fontSize: '16px',
          letterSpacing: '0.06em',
          whiteSpace: 'nowrap',
        }}
      >
        {code}
      </Text>
    </Section>
  );
}
