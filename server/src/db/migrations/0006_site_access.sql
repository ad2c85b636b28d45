CREATE TABLE "autorizaciones_temporales" (
	"id" serial PRIMARY KEY NOT NULL,
	"empleado_id" integer NOT NULL,
	"contrato_id" integer NOT NULL,
	"motivo" text NOT NULL,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"otorgada_por" integer NOT NULL,
	"revocada_at" timestamp with time zone,
	"revocada_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credenciales" (
	"id" serial PRIMARY KEY NOT NULL,
	"empleado_id" integer NOT NULL,
	"contrato_id" integer NOT NULL,
	"emitida_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vence" date,
	"revocada_at" timestamp with time zone,
	"revocada_por" integer,
	"motivo_revocacion" text
);
--> statement-breakpoint
CREATE TABLE "porteria_proyectos" (
	"usuario_id" integer NOT NULL,
	"proyecto_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "porteria_proyectos_usuario_id_proyecto_id_pk" PRIMARY KEY("usuario_id","proyecto_id")
);
--> statement-breakpoint
CREATE TABLE "registros_porteria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cliente_id" uuid NOT NULL,
	"proyecto_id" integer NOT NULL,
	"contrato_id" integer,
	"empleado_id" integer,
	"credencial_id" integer,
	"tipo" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recibido_at" timestamp with time zone DEFAULT now() NOT NULL,
	"guardia_id" integer NOT NULL,
	"apto" boolean,
	"motivos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"marcas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "registros_porteria_cliente_id_unique" UNIQUE("cliente_id")
);
--> statement-breakpoint
ALTER TABLE "autorizaciones_temporales" ADD CONSTRAINT "autorizaciones_temporales_empleado_id_empleados_id_fk" FOREIGN KEY ("empleado_id") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_temporales" ADD CONSTRAINT "autorizaciones_temporales_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_temporales" ADD CONSTRAINT "autorizaciones_temporales_otorgada_por_usuarios_id_fk" FOREIGN KEY ("otorgada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_temporales" ADD CONSTRAINT "autorizaciones_temporales_revocada_por_usuarios_id_fk" FOREIGN KEY ("revocada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credenciales" ADD CONSTRAINT "credenciales_empleado_id_empleados_id_fk" FOREIGN KEY ("empleado_id") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credenciales" ADD CONSTRAINT "credenciales_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credenciales" ADD CONSTRAINT "credenciales_revocada_por_usuarios_id_fk" FOREIGN KEY ("revocada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "porteria_proyectos" ADD CONSTRAINT "porteria_proyectos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "porteria_proyectos" ADD CONSTRAINT "porteria_proyectos_proyecto_id_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."proyectos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_porteria" ADD CONSTRAINT "registros_porteria_proyecto_id_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."proyectos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_porteria" ADD CONSTRAINT "registros_porteria_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_porteria" ADD CONSTRAINT "registros_porteria_empleado_id_empleados_id_fk" FOREIGN KEY ("empleado_id") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_porteria" ADD CONSTRAINT "registros_porteria_credencial_id_credenciales_id_fk" FOREIGN KEY ("credencial_id") REFERENCES "public"."credenciales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registros_porteria" ADD CONSTRAINT "registros_porteria_guardia_id_usuarios_id_fk" FOREIGN KEY ("guardia_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autorizaciones_empleado_idx" ON "autorizaciones_temporales" USING btree ("empleado_id","contrato_id");--> statement-breakpoint
CREATE INDEX "credenciales_empleado_idx" ON "credenciales" USING btree ("empleado_id","contrato_id");--> statement-breakpoint
CREATE INDEX "registros_proyecto_at_idx" ON "registros_porteria" USING btree ("proyecto_id","at");--> statement-breakpoint
CREATE INDEX "registros_empleado_at_idx" ON "registros_porteria" USING btree ("empleado_id","at");