/*
 * Random self-play for BSD mille's engine (scripts/bench-mille.sh, issue 12).
 *
 * Part of Progressive Touring, not of bsdgames. The script downloads Debian's bsdgames source
 * at benchmark time and compiles mille's own game logic (the C files of mille/ but the curses
 * front end: mille.c, print.c, save.c and varpush.c) together with this file and a curses.h that draws
 * nothing. mille asks two functions for a move, getmove() for the player (the keyboard) and
 * calcmove() for the computer (its strategy), and one, check_ext(), whether to go on to 1000
 * miles. The script renames mille's own definitions of those three (bsd_getmove,
 * bsd_calcmove, bsd_check_ext) and this file answers instead, with a uniformly random legal
 * choice for both seats. Everything else is mille's: shuffle() and init() deal, domove()
 * draws, plays (playcard()), discards, passes the turn and ends the hand (check_go()), and
 * canplay() says which cards may be played; finalscore() adds the end-of-hand bonuses.
 *
 * A decision is counted as the Touring engine counts them (touring selfplay's "decisions"):
 * every play or discard, every chance of a coup fourré taken or let go (mille offers it at the
 * start of the victim's turn, before the draw), and every choice at exactly 700 miles. Draws
 * are not decisions in either engine. Choices are uniform over distinct actions, a kind of
 * card counting once however many of it are in hand, as touring's legal action list does.
 *
 * Usage: harness HANDS SEED. Prints one JSON object.
 */
#include "mille.h"

#include <stdint.h>
#include <stdio.h>
#include <time.h>

/* curses.h (ours) declares these; mille assigns stdscr. */
WINDOW *stdscr, *curscr;
int COLS = 80, LINES = 24;

/* The move chooser's own generator (xorshift64*), apart from mille's random() for shuffles. */
static uint64_t rng = 0x9E3779B97F4A7C15ull;

static inline uint32_t next_u32(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (uint32_t)((rng * 0x2545F4914F6CDD1Dull) >> 32);
}

/* Uniform in 0..n-1 (n small: the multiply-shift bias is far below anything measurable). */
static inline int pick(int n)
{
	return (int)(((uint64_t)next_u32() * (uint64_t)n) >> 32);
}

static unsigned long long decisions;

/*
 * mille's getmove() and calcmove(): set Movetype and Card_no for domove(). Before the draw the
 * only choice is a coup fourré (playcard() scores one when the hazard or limit is new, that is
 * not yet answered by a draw); otherwise it is a play that canplay() allows (a safety always)
 * or a discard of anything but a safety, which mille refuses.
 */
static void choose(void)
{
	PLAY *pp = &Player[Play];
	PLAY *op = &Player[other(Play)];
	short moves[2 * HAND_SZ + 1], slots[2 * HAND_SZ + 1];
	unsigned played = 0, discarded = 0;
	int n = 0, i, k;
	CARD card;

	if (pp->hand[0] == C_INIT && Topcard > Deck) {
		moves[n] = M_DRAW;
		slots[n++] = 0;
		for (i = 1; i < HAND_SZ; i++) {
			card = pp->hand[i];
			if (!is_safety(card) || (played & (1u << card)))
				continue;
			if ((pp->battle == opposite(card) && pp->new_battle)
			    || (card == C_RIGHT_WAY && pp->speed == C_LIMIT
				&& (pp->new_speed || pp->new_battle))) {
				played |= 1u << card;
				moves[n] = M_PLAY;
				slots[n++] = i;
			}
		}
		if (n == 1) {
			Movetype = M_DRAW;
			Card_no = 0;
			return;
		}
	} else {
		for (i = 0; i < HAND_SZ; i++) {
			card = pp->hand[i];
			if (card == C_INIT)
				continue;
			if (!(played & (1u << card))
			    && (is_safety(card) || canplay(pp, op, card))) {
				played |= 1u << card;
				moves[n] = M_PLAY;
				slots[n++] = i;
			}
			if (!is_safety(card) && !(discarded & (1u << card))) {
				discarded |= 1u << card;
				moves[n] = M_DISCARD;
				slots[n++] = i;
			}
		}
	}
	decisions++;
	k = pick(n);
	Movetype = moves[k];
	Card_no = slots[k];
}

void getmove(void) { choose(); }
void calcmove(void) { choose(); }

/*
 * mille's check_ext(): asked when a side reaches End exactly. At 700 it is a decision (go on to
 * 1000, or end the hand); at 1000 the hand ends. forcomp is only ever set by calcmove()'s
 * look-ahead, which this harness replaces.
 */
int check_ext(bool forcomp)
{
	if (End == 700) {
		decisions++;
		if (pick(2)) {
			if (!forcomp)
				End = 1000;
			return TRUE;
		}
	}
	if (!forcomp)
		Finished = TRUE;
	return FALSE;
}

/* The rest of the terminal front end, which the game logic links against but never calls here. */
void die(int code) { exit(code); }
void rub(int sig) { (void)sig; }
bool save(void) { return FALSE; }
void prboard(void) {}
void prscore(bool for_real) { (void)for_real; }

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	long long hands, hand;
	unsigned long long seed, completed = 0, extended = 0, miles = 0, points = 0;
	double start, seconds;
	int p;

	if (argc != 3) {
		fprintf(stderr, "usage: %s HANDS SEED\n", argv[0]);
		return 2;
	}
	hands = atoll(argv[1]);
	seed = strtoull(argv[2], NULL, 10);
	srandom((unsigned)seed);
	rng ^= seed * 0xD1B54A32D192ED03ull;
	if (rng == 0)
		rng = 1;

	/*
	 * As mille's newboard() does before the first hand: "nothing shown" in every slot. domove()
	 * reads one past the end of a hand (into sh_hand) when a hand has just been emptied, and
	 * relies on finding a blank there.
	 */
	for (p = 0; p < 2; p++)
		for (hand = 0; hand < HAND_SZ; hand++)
			Player[p].sh_hand[hand] = C_INIT;

	start = now();
	for (hand = 0; hand < hands; hand++) {
		/* As mille's main(): the first move alternates between hands. */
		Handstart = Play = other(Handstart);
		shuffle();
		init();
		do
			domove();
		while (!Finished);
		for (p = 0; p < 2; p++) {
			Player[p].was_finished = !Finished;
			finalscore(&Player[p]);
			if (Player[p].mileage == End)
				completed++;
			miles += Player[p].mileage;
			points += Player[p].hand_tot;
			Player[p].total = 0;
		}
		if (End == 1000)
			extended++;
	}
	seconds = now() - start;

	printf("{\"engine\":\"bsd-mille\",\"hands\":%lld,\"seed\":%llu,\"decisions\":%llu,"
	       "\"completed\":%llu,\"extended\":%llu,\"mean_miles\":%.1f,\"mean_points\":%.1f,"
	       "\"mean_decisions\":%.2f,\"seconds\":%.6f,\"hands_per_second\":%.1f,"
	       "\"decisions_per_second\":%.1f}\n",
	       hands, seed, decisions, completed, extended,
	       hands ? (double)miles / (2.0 * hands) : 0.0,
	       hands ? (double)points / (2.0 * hands) : 0.0,
	       hands ? (double)decisions / hands : 0.0, seconds,
	       seconds > 0 ? hands / seconds : 0.0,
	       seconds > 0 ? decisions / seconds : 0.0);
	return 0;
}
