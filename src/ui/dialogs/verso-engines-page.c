/* verso-engines-page.c: the engines' rows and the choice of who gives the hints, rebuilt whenever
 * the "engines" key changes, and the check of a command before it is added: run in a worker
 * thread (verso_hosted_engine_check_async) with the Add button off and a spinner on, its failure
 * said in the person's words under the command with the engine's own English after it. */
#include "verso-engines-page.h"

#include <glib/gi18n.h>

#include "verso-engine-settings.h"
#include "verso-hosted-engine.h"

/* How long an engine has to start and name itself: NTest loads its book and its tables first. */
#define CHECK_SECONDS 10

struct _VersoEnginesPage {
  AdwPreferencesPage parent_instance;

  GSettings *settings;
  AdwPreferencesGroup *list_group;
  GtkWidget *empty_row;
  GPtrArray *engine_rows;  /* the rows now in list_group, after empty_row */
  AdwComboRow *hint_row;   /* Verso, then each engine, in the order of "engines" */
  gboolean filling_hint_row;
  AdwEntryRow *command_row;
  GtkSpinButton *depth_spin;
  GtkLabel *error_label;
  GtkSpinner *spinner;
  GtkWidget *add_button;
  GCancellable *check;  /* while a command is checked */
};

G_DEFINE_FINAL_TYPE (VersoEnginesPage, verso_engines_page, ADW_TYPE_PREFERENCES_PAGE)

static void on_remove_clicked (GtkButton *button, VersoEnginesPage *self)
{
  verso_engine_settings_remove (self->settings, g_object_get_data (G_OBJECT (button), "engine-name"));
}

/* A row: the name, the command under it and the depth beside it, and a Remove button that says
 * which engine it removes to a screen reader. */
static GtkWidget *engine_row_new (VersoEnginesPage *self, const char *name, const char *command, int depth)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *depth_label;
  GtkWidget *remove;
  /* Translators: the depth of an engine in its row in Preferences, e.g. "Depth 8" */
  g_autofree char *depth_text = g_strdup_printf (_("Depth %d"), depth);
  /* Translators: the accessible name of the button that removes an engine, e.g. "Remove Edax" */
  g_autofree char *remove_name = g_strdup_printf (_("Remove %s"), name);

  /* Names and commands are the engines' and the person's own text, never markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), command);
  depth_label = gtk_label_new (depth_text);
  gtk_widget_add_css_class (depth_label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), depth_label);
  remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, remove_name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL, remove_name, -1);
  g_object_set_data_full (G_OBJECT (remove), "engine-name", g_strdup (name), g_free);
  g_signal_connect_object (remove, "clicked", G_CALLBACK (on_remove_clicked), self, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
  return row;
}

/* Hints from: the one "hint-engine" names selected, Verso (the first) when it names none of the
 * engines listed. */
static void select_hint_engine (VersoEnginesPage *self)
{
  GListModel *choices = adw_combo_row_get_model (self->hint_row);
  g_autofree char *chosen = g_settings_get_string (self->settings, "hint-engine");
  guint selected = 0;

  for (guint i = 1; *chosen && i < g_list_model_get_n_items (choices); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (choices), i), chosen))
      selected = i;
  self->filling_hint_row = TRUE;
  adw_combo_row_set_selected (self->hint_row, selected);
  self->filling_hint_row = FALSE;
}

/* Hints from: Verso, then each engine; off while there is none to choose. The list is made anew
 * only when the engines change, never while the row writes the key. */
static void fill_hint_row (VersoEnginesPage *self)
{
  g_autoptr (GtkStringList) choices = gtk_string_list_new (NULL);
  g_auto (GStrv) names = verso_engine_settings_dup_names (self->settings);

  /* Translators: in Preferences ▸ Engines ▸ Hints from, Verso's own analysis: not "Verso",
   * which `verso-engine nboard` names itself when added as an engine */
  gtk_string_list_append (choices, _("Verso (built in)"));
  for (guint i = 0; names[i]; i++)
    gtk_string_list_append (choices, names[i]);
  self->filling_hint_row = TRUE;
  adw_combo_row_set_model (self->hint_row, G_LIST_MODEL (choices));
  self->filling_hint_row = FALSE;
  select_hint_engine (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->hint_row), names[0] != NULL);
}

static void on_hint_row_selected (VersoEnginesPage *self)
{
  guint selected = adw_combo_row_get_selected (self->hint_row);
  g_autofree char *name = NULL;

  if (self->filling_hint_row || selected == GTK_INVALID_LIST_POSITION)
    return;
  if (selected > 0)
    name = g_strdup (gtk_string_list_get_string (GTK_STRING_LIST (adw_combo_row_get_model (self->hint_row)),
                                                 selected));
  g_settings_set_string (self->settings, "hint-engine", name ? name : "");
}

static void on_engines_changed (VersoEnginesPage *self)
{
  g_autoptr (GVariant) engines = g_settings_get_value (self->settings, "engines");
  GVariantIter iter;
  const char *name, *command;
  int depth;

  for (guint i = 0; i < self->engine_rows->len; i++)
    adw_preferences_group_remove (self->list_group, g_ptr_array_index (self->engine_rows, i));
  g_ptr_array_set_size (self->engine_rows, 0);
  g_variant_iter_init (&iter, engines);
  while (g_variant_iter_next (&iter, "(&s&si)", &name, &command, &depth)) {
    GtkWidget *row = engine_row_new (self, name, command, depth);

    adw_preferences_group_add (self->list_group, row);
    g_ptr_array_add (self->engine_rows, row);
  }
  gtk_widget_set_visible (self->empty_row, self->engine_rows->len == 0);
  fill_hint_row (self);
}

/* What went wrong, in the person's words; the engine's own follow in English. */
static const char *check_failure_text (const GError *error)
{
  if (g_error_matches (error, VERSO_HOSTED_ENGINE_ERROR, VERSO_HOSTED_ENGINE_ERROR_START_TIMEOUT))
    return g_dngettext (NULL, "The engine did not answer within %d second. Does the program speak NBoard?",
                        "The engine did not answer within %d seconds. Does the program speak NBoard?",
                        CHECK_SECONDS);
  if (g_error_matches (error, VERSO_HOSTED_ENGINE_ERROR, VERSO_HOSTED_ENGINE_ERROR_NOT_STARTED))
    return _("The engine did not start, or stopped before it answered. Is the command right?");
  return _("The engine did not answer as an NBoard engine does.");
}

/* The error under the command, and as the command's description for a screen reader; NULL
 * withdraws it. */
static void show_error (VersoEnginesPage *self, const char *text)
{
  gtk_label_set_text (self->error_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), text != NULL);
  if (text) {
    gtk_widget_add_css_class (GTK_WIDGET (self->command_row), "error");
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->command_row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    text, -1);
  } else {
    gtk_widget_remove_css_class (GTK_WIDGET (self->command_row), "error");
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->command_row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  }
}

/* Add is on when there is a command and no check runs. */
static void update_add_button (VersoEnginesPage *self)
{
  g_autofree char *command = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->command_row))));

  gtk_widget_set_sensitive (self->add_button, *command && !self->check);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), self->check != NULL);
  gtk_spinner_set_spinning (self->spinner, self->check != NULL);
}

static void on_command_changed (VersoEnginesPage *self)
{
  if (!self->check)
    show_error (self, NULL);
  update_add_button (self);
}

/* A check under way holds the page, so its answer finds it; a page disposed meanwhile cancelled
 * the check and only lets go. */
typedef struct {
  VersoEnginesPage *page;
  char *command;
  int depth;
} Check;

static void check_free (Check *check)
{
  g_object_unref (check->page);
  g_free (check->command);
  g_free (check);
}

static void on_checked (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Check *check = user_data;
  VersoEnginesPage *self = check->page;
  g_autoptr (GError) error = NULL;
  g_autofree char *name = verso_hosted_engine_check_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
    check_free (check);
    return;
  }
  g_clear_object (&self->check);
  if (name) {
    g_autofree char *added = verso_engine_settings_add (self->settings, name, check->command, check->depth);

    g_debug ("Engine added: %s", added);
    gtk_editable_set_text (GTK_EDITABLE (self->command_row), "");
  } else {
    g_autofree char *text = g_strdup_printf ("%s\n%s", check_failure_text (error), error->message);

    /* The English detail for a log; a failed check is the person's answer, not Verso's fault. */
    g_message ("Engine check failed: %s", error->message);
    show_error (self, text);
  }
  update_add_button (self);
  check_free (check);
}

static void on_add_clicked (VersoEnginesPage *self)
{
  g_autofree char *command = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->command_row))));
  Check *check;

  if (!*command || self->check)
    return;
  show_error (self, NULL);
  self->check = g_cancellable_new ();
  check = g_new (Check, 1);
  check->page = g_object_ref (self);
  check->command = g_strdup (command);
  check->depth = gtk_spin_button_get_value_as_int (self->depth_spin);
  verso_hosted_engine_check_async (command, CHECK_SECONDS, self->check, on_checked, check);
  update_add_button (self);
}

static void verso_engines_page_dispose (GObject *object)
{
  VersoEnginesPage *self = VERSO_ENGINES_PAGE (object);

  /* A check still running stops its engine now; its answer only lets the page go. */
  if (self->check)
    g_cancellable_cancel (self->check);
  g_clear_object (&self->check);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), VERSO_TYPE_ENGINES_PAGE);
  G_OBJECT_CLASS (verso_engines_page_parent_class)->dispose (object);
}

static void verso_engines_page_finalize (GObject *object)
{
  VersoEnginesPage *self = VERSO_ENGINES_PAGE (object);

  g_ptr_array_unref (self->engine_rows);
  G_OBJECT_CLASS (verso_engines_page_parent_class)->finalize (object);
}

static void verso_engines_page_class_init (VersoEnginesPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_engines_page_dispose;
  object_class->finalize = verso_engines_page_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/verso/Verso/verso-engines-page.ui");
  gtk_widget_class_bind_template_child (widget_class, VersoEnginesPage, list_group);
  gtk_widget_class_bind_template_child (widget_class, VersoEnginesPage, empty_row);
  gtk_widget_class_bind_template_child (widget_class, VersoEnginesPage, hint_row);
  gtk_widget_class_bind_template_child (widget_class, VersoEnginesPage, command_row);
  gtk_widget_class_bind_template_child (widget_class, VersoEnginesPage, depth_spin);
  gtk_widget_class_bind_template_child (widget_class, VersoEnginesPage, error_label);
  gtk_widget_class_bind_template_child (widget_class, VersoEnginesPage, spinner);
  gtk_widget_class_bind_template_child (widget_class, VersoEnginesPage, add_button);
  gtk_widget_class_bind_template_callback (widget_class, on_add_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_command_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_hint_row_selected);
}

static void verso_engines_page_init (VersoEnginesPage *self)
{
  /* The rows are the group's; the array only remembers which to take out. */
  self->engine_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_spin_button_set_value (self->depth_spin, VERSO_ENGINE_DEPTH_DEFAULT);
}

GtkWidget *verso_engines_page_new (GSettings *settings)
{
  VersoEnginesPage *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (VERSO_TYPE_ENGINES_PAGE, NULL);
  self->settings = g_object_ref (settings);
  g_signal_connect_swapped (settings, "changed::engines", G_CALLBACK (on_engines_changed), self);
  g_signal_connect_swapped (settings, "changed::hint-engine", G_CALLBACK (select_hint_engine), self);
  on_engines_changed (self);
  return GTK_WIDGET (self);
}
