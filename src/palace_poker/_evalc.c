/*
 * The compiled hand evaluator behind palace_poker.evaluator (R-CARD-2, R-CARD-3,
 * R-CMP-1). It returns exactly the values of the pure-Python evaluator, whose module
 * documents the encoding:
 *
 *     value = category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5
 *
 * with ranks stored as rank index + 1 and 0 where a hand has no card.
 *
 * How: a hand becomes a 64-bit mask holding one 13-bit rank mask per suit (suit s in
 * bits 16*s .. 16*s+12), so an excluded suit is one AND. From the four suit masks,
 * bit operations give the ranks held at least once, twice, three and four times, and
 * five tables over 13-bit rank masks (8,192 entries each, built at import) give the
 * rest: the best straight, the top five ranks, the flush value, and whether a suit
 * holds five cards. No hand needs more than a handful of lookups.
 *
 * Only the stable CPython C API and the buffer protocol are used: the batch entry
 * point reads NumPy arrays (or any buffer) without NumPy's headers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "_evalcore.h"

#define CARD_COUNT 52
#define NO_CARD 255     /* padding in a batch row */
#define NO_SUIT 255     /* no excluded suit, in a batch's array of suits */
/* Marks a byte 52..254 in a batch row: a bit no rank uses. */
#define BAD_CARD_BIT (UINT64_C(1) << 13)

/* Per card byte: its bit in the 64-bit hand mask (0 for NO_CARD, BAD_CARD_BIT for
 * bytes that are no card). */
static uint64_t CARD_BIT[256];
/* Per excluded-suit byte: the mask that keeps every other suit. */
static uint64_t KEEP_MASK[256];
static uint8_t BAD_SUIT[256];

static void
build_tables(void)
{
    build_rank_tables();
    for (int byte = 0; byte < 256; byte++) {
        CARD_BIT[byte] = byte < CARD_COUNT ? UINT64_C(1) << (SUIT_WIDTH * (byte & 3) + (byte >> 2))
                         : byte == NO_CARD ? 0
                                           : BAD_CARD_BIT;
        KEEP_MASK[byte] = byte < 4 ? ~((uint64_t)RANK_BITS << (SUIT_WIDTH * byte)) : ~UINT64_C(0);
        BAD_SUIT[byte] = byte >= 4 && byte != NO_SUIT;
    }
}


/* --- Errors: the project's ParseError, with its code and rule ------------------- */
/* A bounded repr of an input that cannot fail (palace_poker.checks.short): a hostile
 * object's __repr__ may raise, an integer may be too long to write out. */
static PyObject *
short_repr(PyObject *value)
{
    PyObject *checks = PyImport_ImportModule("palace_poker.checks");
    PyObject *text = checks ? PyObject_CallMethod(checks, "short", "(O)", value) : NULL;
    Py_XDECREF(checks);
    if (text == NULL) {
        PyErr_Clear();
        text = PyUnicode_FromFormat("<%.40s object>", Py_TYPE(value)->tp_name);
    }
    return text;
}

/* Raise ParseError(code, message, rule=rule, details={"input": short(value)}) (no
 * details when value is NULL); steals the reference to message. */
static void
raise_parse_error_on(const char *code, const char *rule, PyObject *message, PyObject *value)
{
    if (message == NULL) {
        return;
    }
    PyObject *errors = PyImport_ImportModule("palace_poker.errors");
    PyObject *cls = errors ? PyObject_GetAttrString(errors, "ParseError") : NULL;
    Py_XDECREF(errors);
    if (cls == NULL) {
        Py_DECREF(message);
        return;
    }
    PyObject *shown = value ? short_repr(value) : NULL;
    PyObject *args = Py_BuildValue("(sO)", code, message);
    PyObject *kwargs = shown ? Py_BuildValue("{ss,s{sO}}", "rule", rule, "details", "input", shown)
                             : Py_BuildValue("{ss}", "rule", rule);
    PyObject *error = (args && kwargs) ? PyObject_Call(cls, args, kwargs) : NULL;
    if (error != NULL) {
        PyErr_SetObject(cls, error);
        Py_DECREF(error);
    }
    Py_XDECREF(shown);
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
    Py_DECREF(cls);
    Py_DECREF(message);
}

static void
raise_parse_error(const char *code, const char *rule, PyObject *message)
{
    raise_parse_error_on(code, rule, message, NULL);
}

/* The same messages as the pure path's (evaluator._no_card, _bad_suit, ...). */
static void
raise_invalid_card(PyObject *card)
{
    PyObject *shown = short_repr(card);
    if (shown == NULL) {
        return;
    }
    PyObject *message =
        PyLong_Check(card) && !PyBool_Check(card)
            ? PyUnicode_FromFormat("card index %U is not 0..51", shown)
            : PyUnicode_FromFormat("%U is not a card index (an integer 0..51)", shown);
    Py_DECREF(shown);
    raise_parse_error_on("invalid_card", "R-CARD-1", message, card);
}

static void
raise_not_cards(PyObject *cards)
{
    PyObject *shown = short_repr(cards);
    if (shown == NULL) {
        return;
    }
    PyObject *message = PyUnicode_FromFormat(
        "cards must be a list (or an iterable of at most 52) of card indexes 0..51, got %U",
        shown);
    Py_DECREF(shown);
    raise_parse_error_on("invalid_card", "R-CARD-1", message, cards);
}

static void
raise_duplicate_card(long card)
{
    raise_parse_error("duplicate_card", "R-CARD-1",
                      PyUnicode_FromFormat("card index %ld is given twice", card));
}

static void
raise_invalid_suit(PyObject *suit)
{
    PyObject *shown = short_repr(suit);
    if (shown == NULL) {
        return;
    }
    PyObject *message = PyUnicode_FromFormat("excluded suit %U is not None or 0..3", shown);
    Py_DECREF(shown);
    raise_parse_error_on("invalid_suit", "R-CMP-1", message, suit);
}

/* An integer input as a C long: an int (never a bool), or an object that stands for
 * one by __index__ (a NumPy integer). Returns 0, or -1 for anything else (no error
 * set, but for an error that is no Exception, which stays set). *overflow is set
 * when the integer does not fit a long. */
static int
integer_of(PyObject *value, long *out, int *overflow)
{
    *overflow = 0;
    if (PyBool_Check(value)) {
        return -1;
    }
    PyObject *index;
    if (PyLong_Check(value)) {
        index = Py_NewRef(value); /* read as the int it holds: no method of its own runs */
    }
    else {
        if (Py_TYPE(value)->tp_as_number == NULL || Py_TYPE(value)->tp_as_number->nb_index == NULL) {
            return -1;
        }
        index = PyNumber_Index(value);
        if (index == NULL) {
            if (PyErr_ExceptionMatches(PyExc_Exception)) {
                PyErr_Clear();
            }
            return -1;
        }
    }
    *out = PyLong_AsLongAndOverflow(index, overflow);
    Py_DECREF(index);
    if (*out == -1 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_Exception)) {
            PyErr_Clear();
        }
        return -1;
    }
    return 0;
}

/* None -> -1, an integer 0..3 -> itself; anything else raises and returns -2. */
static int
excluded_suit_of(PyObject *suit)
{
    if (suit == Py_None) {
        return -1;
    }
    long value = 0;
    int overflow = 0;
    if (integer_of(suit, &value, &overflow) < 0 || overflow || value < 0 || value > 3) {
        if (!PyErr_Occurred()) {
            raise_invalid_suit(suit);
        }
        return -2;
    }
    return (int)value;
}

/* One card of a hand: its index 0..51, or -1 with the error raised. */
static long
card_of(PyObject *item)
{
    long card = 0;
    int overflow = 0;
    if (integer_of(item, &card, &overflow) < 0 || overflow || card < 0 || card >= CARD_COUNT) {
        if (!PyErr_Occurred()) {
            raise_invalid_card(item);
        }
        return -1;
    }
    return card;
}

/* Adds one card to a hand mask; -1 with the error raised for a card that is none or
 * given twice. */
static int
add_card(uint64_t *hand, PyObject *item)
{
    long card = card_of(item);
    if (card < 0) {
        return -1;
    }
    uint64_t bit = CARD_BIT[card];
    if (*hand & bit) {
        raise_duplicate_card(card);
        return -1;
    }
    *hand |= bit;
    return 0;
}

/* The hand mask of any iterable but a list or tuple (text, bytes and mappings are
 * refused): read up to 52 items, so that an endless iterator is never read to its
 * end. Returns 0, or -1 with the error raised. */
static int
iterated_hand(PyObject *cards, uint64_t *hand)
{
    if (PyUnicode_Check(cards) || PyBytes_Check(cards) || PyByteArray_Check(cards) ||
        PyDict_Check(cards)) {
        raise_not_cards(cards);
        return -1;
    }
    PyObject *iterator = PyObject_GetIter(cards);
    if (iterator == NULL) {
        if (PyErr_ExceptionMatches(PyExc_Exception)) {
            PyErr_Clear();
            raise_not_cards(cards);
        }
        return -1;
    }
    PyObject *items[CARD_COUNT];
    Py_ssize_t count = 0;
    int failed = 0;
    PyObject *item;
    while ((item = PyIter_Next(iterator)) != NULL) {
        if (count == CARD_COUNT) {
            Py_DECREF(item);
            failed = 1;
            break;
        }
        items[count++] = item;
    }
    Py_DECREF(iterator);
    if (!failed && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_Exception)) {
            failed = 2; /* KeyboardInterrupt and the like: left as they are */
        }
        else {
            PyErr_Clear();
            failed = 1;
        }
    }
    int result = 0;
    if (failed == 1) {
        raise_not_cards(cards);
        result = -1;
    }
    else if (failed == 2) {
        result = -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        if (result == 0 && add_card(hand, items[i]) < 0) {
            result = -1;
        }
        Py_DECREF(items[i]);
    }
    return result;
}

/* --- evaluate(cards, excluded_suit=None) ------------------------------------------ */
static PyObject *
evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    (void)module;
    PyObject *cards = nargs > 0 ? args[0] : NULL;
    PyObject *suit = nargs > 1 ? args[1] : Py_None;
    Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    if (nargs + nkw > 2) {
        PyErr_SetString(PyExc_TypeError, "evaluate() takes at most 2 arguments");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, i);
        PyObject *value = args[nargs + i];
        if (PyUnicode_CompareWithASCIIString(name, "excluded_suit") == 0 && nargs < 2) {
            suit = value;
        }
        else if (PyUnicode_CompareWithASCIIString(name, "cards") == 0 && nargs < 1) {
            cards = value;
        }
        else {
            PyErr_Format(PyExc_TypeError, "evaluate() got an unexpected or repeated argument %R",
                         name);
            return NULL;
        }
    }
    if (cards == NULL) {
        PyErr_SetString(PyExc_TypeError, "evaluate() missing required argument 'cards'");
        return NULL;
    }
    int excluded = excluded_suit_of(suit);
    if (excluded == -2) {
        return NULL;
    }
    uint64_t hand = 0;
    if (PyList_Check(cards) || PyTuple_Check(cards)) {
        /* Read by the base type (a subclass's own methods never run). The size is
         * read again each time: an item's __index__ may run code. */
        int is_list = PyList_Check(cards);
        for (Py_ssize_t i = 0;
             i < (is_list ? PyList_GET_SIZE(cards) : PyTuple_GET_SIZE(cards)); i++) {
            PyObject *item = is_list ? PyList_GET_ITEM(cards, i) : PyTuple_GET_ITEM(cards, i);
            Py_INCREF(item);
            int failed = add_card(&hand, item);
            Py_DECREF(item);
            if (failed < 0) {
                return NULL;
            }
        }
    }
    else if (iterated_hand(cards, &hand) < 0) {
        return NULL;
    }
    if (excluded >= 0) {
        hand &= KEEP_MASK[excluded];
    }
    return PyLong_FromUnsignedLong(mask_value(hand));
}

/* --- evaluate_into(cards, excluded, out) ------------------------------------------ */
static int
get_buffer(PyObject *obj, Py_buffer *view, int flags, int ndim, Py_ssize_t itemsize,
           const char *what)
{
    if (PyObject_GetBuffer(obj, view, flags | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        return -1;
    }
    const char *format = view->format ? view->format : "B";
    char code = format[0] == '=' || format[0] == '<' || format[0] == '@' ? format[1] : format[0];
    int format_ok = itemsize == 1 ? code == 'B' : (code == 'i' || code == 'l');
    if (view->ndim != ndim || view->itemsize != itemsize || !format_ok) {
        PyErr_Format(PyExc_ValueError, "%s: expected a C-contiguous %d-d buffer of %s", what,
                     ndim, itemsize == 1 ? "uint8" : "int32");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* One hand of a batch: its mask, with a flag set for a repeated or invalid card. */
static inline uint64_t
row_mask(const uint8_t *row, Py_ssize_t width, uint64_t *bad)
{
    uint64_t hand = 0, repeated = 0;
    for (Py_ssize_t j = 0; j < width; j++) {
        uint64_t bit = CARD_BIT[row[j]];
        repeated |= hand & bit;
        hand |= bit;
    }
    *bad |= repeated | (hand & BAD_CARD_BIT);
    return hand;
}

/* The loop, written once and inlined for common widths so the compiler unrolls it. */
static inline uint64_t
batch_loop(const uint8_t *cards, Py_ssize_t rows, Py_ssize_t width, const uint8_t *suits,
           uint8_t suit, int32_t *out)
{
    uint64_t bad = 0;
    if (suits) {
        uint8_t bad_suit = 0;
        for (Py_ssize_t i = 0; i < rows; i++) {
            uint64_t hand = row_mask(cards + i * width, width, &bad);
            bad_suit |= BAD_SUIT[suits[i]];
            out[i] = (int32_t)mask_value(hand & KEEP_MASK[suits[i]]);
        }
        bad |= bad_suit;
    }
    else {
        uint64_t keep = KEEP_MASK[suit];
        for (Py_ssize_t i = 0; i < rows; i++) {
            uint64_t hand = row_mask(cards + i * width, width, &bad);
            out[i] = (int32_t)mask_value(hand & keep);
        }
    }
    return bad;
}

#define BATCH_CASE(W)                                                 \
    case W:                                                           \
        bad = batch_loop(cards, rows, W, suits, suit, out);           \
        break;

static uint64_t
batch(const uint8_t *cards, Py_ssize_t rows, Py_ssize_t width, const uint8_t *suits,
      uint8_t suit, int32_t *out)
{
    uint64_t bad = 0;
    switch (width) {
        BATCH_CASE(5)
        BATCH_CASE(6)
        BATCH_CASE(7)
        BATCH_CASE(8)
        BATCH_CASE(9)
        default:
            bad = batch_loop(cards, rows, width, suits, suit, out);
    }
    return bad;
}

/* After a failed batch: name the first bad row. */
static void
raise_batch_error(const uint8_t *cards, Py_ssize_t rows, Py_ssize_t width, const uint8_t *suits)
{
    for (Py_ssize_t i = 0; i < rows; i++) {
        const uint8_t *row = cards + i * width;
        uint64_t hand = 0;
        for (Py_ssize_t j = 0; j < width; j++) {
            uint8_t byte = row[j];
            if (byte >= CARD_COUNT && byte != NO_CARD) {
                raise_parse_error("invalid_card", "R-CARD-1",
                                  PyUnicode_FromFormat("row %zd holds %d, which is no card "
                                                       "(0..51, or %d for none)",
                                                       i, (int)byte, NO_CARD));
                return;
            }
            if (hand & CARD_BIT[byte]) {
                raise_parse_error("duplicate_card", "R-CARD-1",
                                  PyUnicode_FromFormat("row %zd holds card %d twice", i,
                                                       (int)byte));
                return;
            }
            hand |= CARD_BIT[byte];
        }
        if (suits && BAD_SUIT[suits[i]]) {
            raise_parse_error("invalid_suit", "R-CMP-1",
                              PyUnicode_FromFormat("row %zd excludes suit %d, which is not "
                                                   "0..3 (or %d for none)",
                                                   i, (int)suits[i], NO_SUIT));
            return;
        }
    }
    PyErr_SetString(PyExc_SystemError, "batch flagged an error it cannot find");
}

static PyObject *
evaluate_into(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "evaluate_into(cards, excluded, out) takes 3 arguments");
        return NULL;
    }
    Py_buffer cards, out, suits = {0};
    int have_suits = 0, suit = NO_SUIT;
    if (get_buffer(args[0], &cards, PyBUF_ND, 2, 1, "cards") < 0) {
        return NULL;
    }
    if (get_buffer(args[2], &out, PyBUF_ND | PyBUF_WRITABLE, 1, 4, "out") < 0) {
        PyBuffer_Release(&cards);
        return NULL;
    }
    Py_ssize_t rows = cards.shape[0], width = cards.shape[1];
    PyObject *result = NULL;
    if (out.shape[0] != rows) {
        PyErr_SetString(PyExc_ValueError, "out: expected one int32 per row of cards");
        goto done;
    }
    if (args[1] == Py_None || PyLong_Check(args[1])) {
        suit = excluded_suit_of(args[1]);
        if (suit == -2) {
            goto done;
        }
        suit = suit < 0 ? NO_SUIT : suit;
    }
    else {
        if (get_buffer(args[1], &suits, PyBUF_ND, 1, 1, "excluded") < 0) {
            goto done;
        }
        have_suits = 1;
        if (suits.shape[0] != rows) {
            PyErr_SetString(PyExc_ValueError, "excluded: expected one suit per row of cards");
            goto done;
        }
    }
    const uint8_t *suit_bytes = have_suits ? (const uint8_t *)suits.buf : NULL;
    uint64_t bad;
    Py_BEGIN_ALLOW_THREADS
    bad = batch((const uint8_t *)cards.buf, rows, width, suit_bytes, (uint8_t)suit,
                (int32_t *)out.buf);
    Py_END_ALLOW_THREADS
    if (bad) {
        raise_batch_error((const uint8_t *)cards.buf, rows, width, suit_bytes);
        goto done;
    }
    result = Py_NewRef(Py_None);
done:
    PyBuffer_Release(&cards);
    PyBuffer_Release(&out);
    if (have_suits) {
        PyBuffer_Release(&suits);
    }
    return result;
}

/* --- make_evaluate(doc, module) -------------------------------------------------- */
/* The evaluator module documents evaluate() once, in Python; this hands back the
 * compiled function carrying that docstring and that module's name. */
static PyMethodDef evaluate_def = {
    "evaluate", (PyCFunction)(void (*)(void))evaluate, METH_FASTCALL | METH_KEYWORDS, NULL};
static PyObject *evaluate_doc;      /* owns the text evaluate_def.ml_doc points into */
static PyObject *evaluate_function; /* made once */

static PyObject *
make_evaluate(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyUnicode_Check(args[0]) || !PyUnicode_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "make_evaluate(doc, module) takes two str");
        return NULL;
    }
    if (evaluate_function == NULL) {
        const char *text = PyUnicode_AsUTF8(args[0]);
        if (text == NULL) {
            return NULL;
        }
        evaluate_doc = Py_NewRef(args[0]);
        evaluate_def.ml_doc = text;
        evaluate_function = PyCFunction_NewEx(&evaluate_def, NULL, args[1]);
        if (evaluate_function == NULL) {
            return NULL;
        }
    }
    return Py_NewRef(evaluate_function);
}

/* --- record(kind, *fields) ------------------------------------------------------ */
/* A named tuple (any tuple subclass without a __dict__) holding the fields in order:
 * what tuple.__new__(kind, fields) gives, without building the fields' tuple first,
 * parsing arguments, and copying the items into the subclass's instance, which makes
 * tuple.__new__ cost about 800 instructions a record. The engine builds several a
 * decision: events, options, views (palace_poker.tuples). */
static PyObject *
record(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs < 1 || !PyType_Check(args[0]) ||
        !PyType_IsSubtype((PyTypeObject *)args[0], &PyTuple_Type)) {
        PyErr_SetString(PyExc_TypeError, "record(kind, *fields): kind must be a tuple subclass");
        return NULL;
    }
    Py_ssize_t count = nargs - 1;
    PyObject *made = PyType_GenericAlloc((PyTypeObject *)args[0], count);
    if (made == NULL) {
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        if (PyTuple_SetItem(made, i, Py_NewRef(args[i + 1])) < 0) {
            Py_DECREF(made);
            return NULL;
        }
    }
    return made;
}

static PyMethodDef methods[] = {
    {"record", (PyCFunction)(void (*)(void))record, METH_FASTCALL,
     "record($module, kind, /, *fields)\n--\n\n"
     "A named tuple of class kind holding fields, in order (as tuple.__new__(kind, fields))."},
    {"make_evaluate", (PyCFunction)(void (*)(void))make_evaluate, METH_FASTCALL,
     "make_evaluate($module, doc, module_name, /)\n--\n\n"
     "The compiled evaluate(cards, excluded_suit=None), documented by doc (made once)."},
    {"evaluate_into", (PyCFunction)(void (*)(void))evaluate_into, METH_FASTCALL,
     "evaluate_into($module, cards, excluded, out, /)\n--\n\n"
     "Fill out (int32, one per row) with the values of cards (uint8 rows, 255 for no card);\n"
     "excluded is None, a suit 0..3, or uint8 per row (255 for none)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    .m_name = "palace_poker._evalc",
    .m_doc = "Compiled hand evaluator (and the named-tuple builder of palace_poker.tuples); "
             "use palace_poker.evaluator, which falls back to pure Python without it.",
    .m_size = 0,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__evalc(void)
{
    build_tables();
    return PyModule_Create(&module_def);
}
