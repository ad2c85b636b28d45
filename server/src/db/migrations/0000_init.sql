CREATE TABLE "actividades" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"alturas" boolean DEFAULT false NOT NULL,
	"espacios_confinados" boolean DEFAULT false NOT NULL,
	"flota" boolean DEFAULT false NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "actividades_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "anexos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entrega_id" bigint NOT NULL,
	"archivo_id" bigint NOT NULL,
	"nombre_archivo" text NOT NULL,
	"cargado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "archivos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"tamano" integer NOT NULL,
	"tipo_mime" text NOT NULL,
	"extension" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"evento" text NOT NULL,
	"usuario_id" integer,
	"empresa_id" integer,
	"ip" text,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_usado" (
	"firma" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "cargos_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "contratos" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"descripcion" text NOT NULL,
	"regional_id" integer,
	"proyecto_id" integer NOT NULL,
	"actividad_id" integer NOT NULL,
	"tipo_contrato_id" integer NOT NULL,
	"fecha_inicio" date DEFAULT CURRENT_DATE NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "correos_salida" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"para" text NOT NULL,
	"asunto" text NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"clave" text,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_error" text,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "correos_salida_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
CREATE TABLE "departamentos" (
	"codigo" text PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"region" text
);
--> statement-breakpoint
CREATE TABLE "empleados" (
	"id" serial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"tipo_documento" text NOT NULL,
	"numero_documento" text NOT NULL,
	"nombres" text NOT NULL,
	"apellidos" text NOT NULL,
	"apellidos2" text DEFAULT '' NOT NULL,
	"cargo_id" integer,
	"datos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"autorizacion_datos_at" timestamp with time zone,
	"autorizacion_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "empleados_contratos" (
	"empleado_id" integer NOT NULL,
	"contrato_id" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empleados_contratos_empleado_id_contrato_id_pk" PRIMARY KEY("empleado_id","contrato_id")
);
--> statement-breakpoint
CREATE TABLE "empresas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nit" text NOT NULL,
	"dv" smallint NOT NULL,
	"razon_social" text NOT NULL,
	"correo_contacto" text NOT NULL,
	"activa" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresas_nit_unique" UNIQUE("nit")
);
--> statement-breakpoint
CREATE TABLE "entregas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"empresa_id" integer NOT NULL,
	"contrato_id" integer,
	"requisito_id" integer NOT NULL,
	"empleado_id" integer,
	"ano" smallint,
	"mes" smallint,
	"archivo_id" bigint,
	"nombre_archivo" text,
	"comentario" text,
	"estado" smallint DEFAULT 0 NOT NULL,
	"motivo_rechazo" text,
	"vigencia_hasta" date,
	"revisado_por" integer,
	"revisado_at" timestamp with time zone,
	"cargado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipios" (
	"codigo" text PRIMARY KEY NOT NULL,
	"departamento_codigo" text NOT NULL,
	"nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proyectos" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"regional_id" integer,
	"ciudad" text,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "proyectos_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "regionales" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "regionales_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "requisitos" (
	"id" serial PRIMARY KEY NOT NULL,
	"modulo" text NOT NULL,
	"codigo" text NOT NULL,
	"nombre_corto" text NOT NULL,
	"detalle" text DEFAULT '' NOT NULL,
	"extensiones" text NOT NULL,
	"opcional" boolean DEFAULT false NOT NULL,
	"aplica_si" text,
	"vigencia_dias" integer,
	"base_legal" text,
	"orden" integer DEFAULT 0 NOT NULL,
	"motivos_rechazo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" uuid PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_contrato" (
	"id" serial PRIMARY KEY NOT NULL,
	"descripcion" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tipos_contrato_descripcion_unique" UNIQUE("descripcion")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"empresa_id" integer,
	"tipo" text DEFAULT 'default' NOT NULL,
	"nombre" text NOT NULL,
	"correo" text NOT NULL,
	"correo_notificaciones" text,
	"password_hash" text,
	"temp_password_hash" text,
	"temp_password_expires_at" timestamp with time zone,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_entrega_id_entregas_id_fk" FOREIGN KEY ("entrega_id") REFERENCES "public"."entregas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_cargado_por_usuarios_id_fk" FOREIGN KEY ("cargado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_regional_id_regionales_id_fk" FOREIGN KEY ("regional_id") REFERENCES "public"."regionales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_proyecto_id_proyectos_id_fk" FOREIGN KEY ("proyecto_id") REFERENCES "public"."proyectos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_actividad_id_actividades_id_fk" FOREIGN KEY ("actividad_id") REFERENCES "public"."actividades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contratos" ADD CONSTRAINT "contratos_tipo_contrato_id_tipos_contrato_id_fk" FOREIGN KEY ("tipo_contrato_id") REFERENCES "public"."tipos_contrato"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleados" ADD CONSTRAINT "empleados_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleados" ADD CONSTRAINT "empleados_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleados_contratos" ADD CONSTRAINT "empleados_contratos_empleado_id_empleados_id_fk" FOREIGN KEY ("empleado_id") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empleados_contratos" ADD CONSTRAINT "empleados_contratos_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entregas" ADD CONSTRAINT "entregas_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entregas" ADD CONSTRAINT "entregas_contrato_id_contratos_id_fk" FOREIGN KEY ("contrato_id") REFERENCES "public"."contratos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entregas" ADD CONSTRAINT "entregas_requisito_id_requisitos_id_fk" FOREIGN KEY ("requisito_id") REFERENCES "public"."requisitos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entregas" ADD CONSTRAINT "entregas_empleado_id_empleados_id_fk" FOREIGN KEY ("empleado_id") REFERENCES "public"."empleados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entregas" ADD CONSTRAINT "entregas_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entregas" ADD CONSTRAINT "entregas_revisado_por_usuarios_id_fk" FOREIGN KEY ("revisado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entregas" ADD CONSTRAINT "entregas_cargado_por_usuarios_id_fk" FOREIGN KEY ("cargado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipios" ADD CONSTRAINT "municipios_departamento_codigo_departamentos_codigo_fk" FOREIGN KEY ("departamento_codigo") REFERENCES "public"."departamentos"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proyectos" ADD CONSTRAINT "proyectos_regional_id_regionales_id_fk" FOREIGN KEY ("regional_id") REFERENCES "public"."regionales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_empresa_id_empresas_id_fk" FOREIGN KEY ("empresa_id") REFERENCES "public"."empresas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anexos_entrega_idx" ON "anexos" USING btree ("entrega_id");--> statement-breakpoint
CREATE INDEX "auditoria_empresa_idx" ON "auditoria" USING btree ("empresa_id","created_at");--> statement-breakpoint
CREATE INDEX "contratos_empresa_idx" ON "contratos" USING btree ("empresa_id");--> statement-breakpoint
CREATE INDEX "correos_pendientes_idx" ON "correos_salida" USING btree ("enviado_at","proximo_intento");--> statement-breakpoint
CREATE UNIQUE INDEX "empleados_empresa_doc_uq" ON "empleados" USING btree ("empresa_id","tipo_documento","numero_documento");--> statement-breakpoint
CREATE INDEX "empleados_contratos_contrato_idx" ON "empleados_contratos" USING btree ("contrato_id");--> statement-breakpoint
CREATE INDEX "entregas_slot_idx" ON "entregas" USING btree ("empresa_id","requisito_id","contrato_id","empleado_id","ano","mes","id");--> statement-breakpoint
CREATE INDEX "entregas_estado_idx" ON "entregas" USING btree ("estado","created_at");--> statement-breakpoint
CREATE INDEX "municipios_depto_idx" ON "municipios" USING btree ("departamento_codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "requisitos_modulo_codigo_uq" ON "requisitos" USING btree ("modulo","codigo");--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "usuarios_empresa_idx" ON "usuarios" USING btree ("empresa_id");