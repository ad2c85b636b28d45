ALTER TABLE "registros_porteria" DROP CONSTRAINT "registros_porteria_cliente_id_unique";--> statement-breakpoint
ALTER TABLE "registros_porteria" ADD COLUMN "apto_dispositivo" boolean;--> statement-breakpoint
ALTER TABLE "registros_porteria" ADD COLUMN "motivos_dispositivo" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "registros_porteria" ADD COLUMN "motivo_excepcion" text;--> statement-breakpoint
CREATE UNIQUE INDEX "registros_proyecto_cliente_uq" ON "registros_porteria" USING btree ("proyecto_id","cliente_id");--> statement-breakpoint
-- Records stored before this migration kept what the device showed as `apto`/`motivos`: that is the device's (docs/decisions/160).
UPDATE "registros_porteria" SET "apto_dispositivo" = "apto", "motivos_dispositivo" = "motivos";
