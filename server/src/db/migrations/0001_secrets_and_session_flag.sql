ALTER TABLE "correos_salida" ADD COLUMN "secreto" text;--> statement-breakpoint
ALTER TABLE "sesiones" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A recovery request no longer forces a change on the account (docs/decisions/076): only sessions opened with the temporary password do. Contractors only ever got the flag from a recovery.
UPDATE "usuarios" SET "must_change_password" = false WHERE "tipo" = 'default';--> statement-breakpoint
-- Temporary passwords no longer rest in the outbox (docs/decisions/077): remove those already there.
UPDATE "correos_salida" SET "texto" = regexp_replace("texto", 'Tmp-[A-Za-z0-9_-]+', '[retirada]', 'g') WHERE "texto" ~ 'Tmp-[A-Za-z0-9_-]+';
