/* verso-preferences-window.c: the Preferences window. Every row is bound to its settings key
 * with g_settings_bind, so a change is stored at once and the game, which listens to the same
 * keys, applies it at once; Match My Level says the strength the person's rating gives, and
 * follows the profile while open. The Engines page is a class of its own (verso-engines-page.c). */
#include "verso-preferences-window.h"

#include <glib/gi18n.h>

#include "level.h"
#include "verso-engines-page.h"
#include "verso-game-analysis.h"
#include "verso-level-row.h"
#include "verso-profile.h"

struct _VersoPreferencesWindow {
  AdwPreferencesWindow parent_instance;

  GSettings *settings;
  VersoProfile *profile;
  AdwComboRow *level_row;
  AdwComboRow *mode_row;
  AdwComboRow *color_row;
  AdwComboRow *theme_row;
  AdwComboRow *orientation_row;
  GtkSwitch *legal_moves_switch;
  GtkSwitch *last_move_switch;
  GtkSwitch *coordinates_switch;
  GtkSwitch *animations_switch;
  GtkSwitch *move_numbers_switch;
  GtkSwitch *flips_switch;
  GtkSwitch *coach_switch;
  AdwComboRow *review_row;
  AdwComboRow *threads_row;
  GtkSwitch *sounds_switch;
  AdwComboRow *black_level_row;   /* the computer against itself */
  AdwComboRow *white_level_row;
  GtkSpinButton *pause_spin;
  AdwActionRow *match_row;
  GtkSwitch *match_switch;
};

G_DEFINE_FINAL_TYPE (VersoPreferencesWindow, verso_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_PROFILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Rows take their sensitivity from the game mode, not from the keys' writability; and a
 * writability binding would outlive g_settings_unbind on the value. */
#define BIND_FLAGS (G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY)

/* The switches, each bound to its boolean key's value. */
static const struct {
  const char *key;
  gsize offset;
} switches[] = {
  { "sounds", G_STRUCT_OFFSET (VersoPreferencesWindow, sounds_switch) },
  { "show-legal-moves", G_STRUCT_OFFSET (VersoPreferencesWindow, legal_moves_switch) },
  { "show-last-move", G_STRUCT_OFFSET (VersoPreferencesWindow, last_move_switch) },
  { "show-coordinates", G_STRUCT_OFFSET (VersoPreferencesWindow, coordinates_switch) },
  { "animations", G_STRUCT_OFFSET (VersoPreferencesWindow, animations_switch) },
  { "show-move-numbers", G_STRUCT_OFFSET (VersoPreferencesWindow, move_numbers_switch) },
  { "show-flips", G_STRUCT_OFFSET (VersoPreferencesWindow, flips_switch) },
  { "coach", G_STRUCT_OFFSET (VersoPreferencesWindow, coach_switch) },
  { "match-my-level", G_STRUCT_OFFSET (VersoPreferencesWindow, match_switch) },
};

static GtkSwitch *nth_switch (VersoPreferencesWindow *self, gsize i)
{
  return G_STRUCT_MEMBER (GtkSwitch *, self, switches[i].offset);
}

/* The nicks of the schema's enums, in the order of the combo rows' items. */
static const char *const mode_nicks[] = { "versus-computer", "two-players", "computer-only", NULL };
static const char *const color_nicks[] = { "black", "white", NULL };
static const char *const theme_nicks[] = { "classic", "wood", "high-contrast", NULL };
static const char *const orientation_nicks[] = { "normal", "rotate-90", "rotate-180", "rotate-270", "mirror-columns",
                                                 "mirror-rows", "mirror-diagonal", "mirror-antidiagonal", NULL };

/* Settings to row: the enum nick becomes the index of the selected item. */
static gboolean nick_to_selected (GValue *value, GVariant *variant, gpointer user_data)
{
  const char *const *nicks = user_data;
  const char *nick = g_variant_get_string (variant, NULL);

  for (guint i = 0; nicks[i]; i++) {
    if (g_str_equal (nicks[i], nick)) {
      g_value_set_uint (value, i);
      return TRUE;
    }
  }
  return FALSE;
}

/* Row to settings: the selected index becomes the nick; no selection changes nothing. */
static GVariant *selected_to_nick (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  const char *const *nicks = user_data;
  guint selected = g_value_get_uint (value);

  for (guint i = 0; nicks[i]; i++)
    if (i == selected)
      return g_variant_new_string (nicks[i]);
  return NULL;
}

/* The levels' keys come from the engine's table, whose order is the schema's. */
static gboolean level_to_selected (GValue *value, GVariant *variant, gpointer user_data)
{
  LevelId level = level_from_id (g_variant_get_string (variant, NULL));

  if (level == LEVEL_NONE)
    return FALSE;
  g_value_set_uint (value, (guint) level);
  return TRUE;
}

static GVariant *selected_to_level (const GValue *value, const GVariantType *expected_type, gpointer user_data)
{
  guint selected = g_value_get_uint (value);

  return selected < LEVEL_COUNT ? g_variant_new_string (level_get ((LevelId) selected)->id) : NULL;
}

static void bind_combo_row (VersoPreferencesWindow *self, const char *key, AdwComboRow *row,
                            const char *const *nicks)
{
  g_settings_bind_with_mapping (self->settings, key, row, "selected", BIND_FLAGS,
                                nick_to_selected, selected_to_nick, (gpointer) nicks, NULL);
}

/* The colour and the Difficulty row matter only against the computer (the computer against
 * itself has a level for each side, in a group of its own). */
static gboolean mode_to_versus_sensitive (GBinding *binding, const GValue *from, GValue *to, gpointer user_data)
{
  g_value_set_boolean (to, g_value_get_uint (from) == 0);
  return TRUE;
}

/* The Difficulty row matters against the computer, unless Match My Level chooses the strength. */
static void update_level_row_sensitive (VersoPreferencesWindow *self)
{
  gtk_widget_set_sensitive (GTK_WIDGET (self->level_row), adw_combo_row_get_selected (self->mode_row) == 0
                                                           && !gtk_switch_get_active (self->match_switch));
}

/* The strength Match My Level gives, from the person's rating: again whenever a game moves it. */
static void setup_match_row (VersoPreferencesWindow *self)
{
  verso_level_row_setup_match (self->match_row, verso_profile_get_stats (self->profile));
}

static void bind_level_row (VersoPreferencesWindow *self, const char *key, AdwComboRow *row)
{
  verso_level_row_setup (row);
  g_settings_bind_with_mapping (self->settings, key, row, "selected", BIND_FLAGS,
                                level_to_selected, selected_to_level, NULL, NULL);
}

/* Review Depth's choices, in the order of VersoReviewDepth and the schema's nicks, each with the
 * time a review of a 60-move tournament game took at its depth on the 2-core development machine
 * while others worked on it (tools/bench/bench-review.c, one thread, issue 45). */
static const char *const review_nicks[] = { "quick", "normal", "deep", NULL };
static const struct {
  const char *name;
  int seconds;
} review_choices[] = {
  [VERSO_REVIEW_QUICK] = { NC_("review depth", "Quick"), 3 },
  [VERSO_REVIEW_NORMAL] = { NC_("review depth", "Normal"), 13 },
  [VERSO_REVIEW_DEEP] = { NC_("review depth", "Deep"), 64 },
};

/* Each choice says its depth and how long a game takes, so the wait is chosen knowingly. */
static void setup_review_row (VersoPreferencesWindow *self)
{
  g_autoptr (GtkStringList) choices = gtk_string_list_new (NULL);

  for (int i = VERSO_REVIEW_QUICK; i <= VERSO_REVIEW_DEEP; i++) {
    int seconds = review_choices[i].seconds;
    g_autofree char *time = seconds < 60
      /* Translators: how long Analyse Game takes a game, in Preferences, e.g. "about 40 s" */
      ? g_strdup_printf (_("about %d s"), seconds)
      /* Translators: how long Analyse Game takes a game, in Preferences, e.g. "about 4 min" */
      : g_strdup_printf (_("about %d min"), (seconds + 30) / 60);
    /* Translators: a choice of Review Depth: its name, the plies searched and the time a 60-move
     * game takes, e.g. "Normal: depth 14, about 13 s a game" */
    g_autofree char *choice = g_strdup_printf (_("%s: depth %d, %s a game"),
                                               g_dpgettext2 (NULL, "review depth", review_choices[i].name),
                                               verso_review_depth_plies ((VersoReviewDepth) i), time);

    gtk_string_list_append (choices, choice);
  }
  adw_combo_row_set_model (self->review_row, G_LIST_MODEL (choices));
  bind_combo_row (self, "review-depth", self->review_row, review_nicks);
}

/* analysis-threads: 0 (all the cores) is the first choice, then 1, 2 ... up to the cores there
 * are; a number chosen on a larger machine shows as it is. The row and the key follow each other
 * by hand: a settings binding of this row kept the settings alive after the window had gone
 * (test-preferences-window.c finds it), the other rows' did not. */
static void on_threads_selected (VersoPreferencesWindow *self)
{
  guint selected = adw_combo_row_get_selected (self->threads_row);

  if (selected != GTK_INVALID_LIST_POSITION
      && g_settings_get_int (self->settings, "analysis-threads") != (int) selected)
    g_settings_set_int (self->settings, "analysis-threads", (int) selected);
}

static void on_threads_changed (VersoPreferencesWindow *self)
{
  guint threads = (guint) MAX (0, g_settings_get_int (self->settings, "analysis-threads"));

  if (threads < g_list_model_get_n_items (adw_combo_row_get_model (self->threads_row))
      && adw_combo_row_get_selected (self->threads_row) != threads)
    adw_combo_row_set_selected (self->threads_row, threads);
}

static void setup_threads_row (VersoPreferencesWindow *self)
{
  g_autoptr (GtkStringList) choices = gtk_string_list_new (NULL);
  guint cores = MAX (1, g_get_num_processors ());
  guint most = MAX (cores, (guint) g_settings_get_int (self->settings, "analysis-threads"));
  /* Translators: the first choice of Processor Cores in Preferences: every core of the machine,
   * e.g. "All (8)" */
  g_autofree char *all = g_strdup_printf (_("All (%u)"), cores);

  gtk_string_list_append (choices, all);
  for (guint n = 1; n <= most; n++) {
    g_autofree char *number = g_strdup_printf ("%u", n);

    gtk_string_list_append (choices, number);
  }
  adw_combo_row_set_model (self->threads_row, G_LIST_MODEL (choices));
  on_threads_changed (self);
  g_signal_connect_object (self->threads_row, "notify::selected", G_CALLBACK (on_threads_selected), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::analysis-threads", G_CALLBACK (on_threads_changed),
                           self, G_CONNECT_SWAPPED);
}

static void verso_preferences_window_constructed (GObject *object)
{
  VersoPreferencesWindow *self = VERSO_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (verso_preferences_window_parent_class)->constructed (object);
  g_return_if_fail (G_IS_SETTINGS (self->settings));
  g_return_if_fail (VERSO_IS_PROFILE (self->profile));

  bind_level_row (self, "level", self->level_row);
  bind_level_row (self, "black-level", self->black_level_row);
  bind_level_row (self, "white-level", self->white_level_row);
  g_settings_bind (self->settings, "computer-pause", self->pause_spin, "value", BIND_FLAGS);
  bind_combo_row (self, "game-mode", self->mode_row, mode_nicks);
  bind_combo_row (self, "player-color", self->color_row, color_nicks);
  bind_combo_row (self, "board-theme", self->theme_row, theme_nicks);
  bind_combo_row (self, "board-orientation", self->orientation_row, orientation_nicks);
  for (gsize i = 0; i < G_N_ELEMENTS (switches); i++)
    g_settings_bind (self->settings, switches[i].key, nth_switch (self, i), "active", BIND_FLAGS);

  g_object_bind_property_full (self->mode_row, "selected", self->color_row, "sensitive", G_BINDING_SYNC_CREATE,
                               mode_to_versus_sensitive, NULL, NULL, NULL);
  g_object_bind_property_full (self->mode_row, "selected", self->match_row, "sensitive", G_BINDING_SYNC_CREATE,
                               mode_to_versus_sensitive, NULL, NULL, NULL);
  g_signal_connect_object (self->match_switch, "notify::active", G_CALLBACK (update_level_row_sensitive), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->mode_row, "notify::selected", G_CALLBACK (update_level_row_sensitive), self,
                           G_CONNECT_SWAPPED);
  update_level_row_sensitive (self);
  setup_match_row (self);
  g_signal_connect_swapped (self->profile, "changed", G_CALLBACK (setup_match_row), self);
  setup_review_row (self);
  setup_threads_row (self);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self),
                              ADW_PREFERENCES_PAGE (verso_engines_page_new (self->settings)));
}

static void verso_preferences_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VersoPreferencesWindow *self = VERSO_PREFERENCES_WINDOW (object);

  switch (prop_id) {
  case PROP_SETTINGS:
    g_value_set_object (value, self->settings);
    break;
  case PROP_PROFILE:
    g_value_set_object (value, self->profile);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_preferences_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VersoPreferencesWindow *self = VERSO_PREFERENCES_WINDOW (object);

  switch (prop_id) {
  case PROP_SETTINGS:
    g_set_object (&self->settings, g_value_get_object (value));
    break;
  case PROP_PROFILE:
    g_set_object (&self->profile, g_value_get_object (value));
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_preferences_window_dispose (GObject *object)
{
  VersoPreferencesWindow *self = VERSO_PREFERENCES_WINDOW (object);

  /* g_settings_bind holds no reference on the widgets: unbind before they go. */
  if (self->settings) {
    AdwComboRow *rows[] = { self->level_row, self->mode_row, self->color_row, self->theme_row,
                            self->orientation_row, self->black_level_row, self->white_level_row,
                            self->review_row };

    for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
      g_settings_unbind (rows[i], "selected");
    for (gsize i = 0; i < G_N_ELEMENTS (switches); i++)
      g_settings_unbind (nth_switch (self, i), "active");
    g_settings_unbind (self->pause_spin, "value");
  }
  /* The profile outlives the window: no row is set up again once the rows are going. */
  if (self->profile)
    g_signal_handlers_disconnect_by_data (self->profile, self);
  g_clear_object (&self->profile);
  gtk_widget_dispose_template (GTK_WIDGET (self), VERSO_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (verso_preferences_window_parent_class)->dispose (object);
}

static void verso_preferences_window_class_init (VersoPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = verso_preferences_window_constructed;
  object_class->get_property = verso_preferences_window_get_property;
  object_class->set_property = verso_preferences_window_set_property;
  object_class->dispose = verso_preferences_window_dispose;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* The person's profile, whose rating Match My Level plays at. */
  properties[PROP_PROFILE] =
    g_param_spec_object ("profile", NULL, NULL, VERSO_TYPE_PROFILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/verso/Verso/verso-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, level_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, match_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, match_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, mode_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, color_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, theme_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, orientation_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, move_numbers_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, flips_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, legal_moves_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, last_move_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, animations_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, coach_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, review_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, threads_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, sounds_switch);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, black_level_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, white_level_row);
  gtk_widget_class_bind_template_child (widget_class, VersoPreferencesWindow, pause_spin);
}

static void verso_preferences_window_init (VersoPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *verso_preferences_window_new (GtkWindow *parent, GSettings *settings, VersoProfile *profile)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (VERSO_IS_PROFILE (profile), NULL);

  return g_object_new (VERSO_TYPE_PREFERENCES_WINDOW,
                       "settings", settings,
                       "profile", profile,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       NULL);
}
